import { useCallback, useEffect, useState } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { LazyBoundary } from "@/components/errors/lazy-boundary.tsx";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { consumeSignInTokenFromUrl } from "@/lib/sign-in-link.ts";
import { AppProvider } from "../provider.tsx";

const EmailLinkCompletion = lazyComponent(() =>
  import("@/features/auth/components/email-link-completion.tsx").then(
    (module) => module.EmailLinkCompletion,
  ),
);

/**
 * The root of every route. While an e-mail link sign-in completes it renders nothing but the
 * completion (spec §2: "the app shows nothing"); then the routed screens.
 */
export function Root({ initialSignInToken }: { initialSignInToken: string | null }) {
  const [signInToken, setSignInToken] = useState(initialSignInToken);

  // A sign-in link pasted into an open tab only changes the hash.
  useEffect(() => {
    const onHashChange = () => {
      const token = consumeSignInTokenFromUrl();
      if (token !== null) setSignInToken(token);
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);

  const finished = useCallback(() => setSignInToken(null), []);

  if (signInToken !== null) {
    return (
      <LazyBoundary fallback={null}>
        <EmailLinkCompletion token={signInToken} onFinished={finished} />
      </LazyBoundary>
    );
  }
  return (
    <AppProvider>
      <ScrollRestoration />
      <Outlet />
    </AppProvider>
  );
}
