import { useState } from "react";
import { RouterProvider } from "react-router/dom";
import { createAppRouter } from "./router.tsx";

/** The routed application (every path but a plain first visit to the landing page). */
export function App({ signInToken }: { signInToken: string | null }) {
  const [router] = useState(() => createAppRouter(signInToken));
  return <RouterProvider router={router} />;
}
