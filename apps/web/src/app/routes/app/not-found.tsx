import { NotFound } from "@/components/errors/not-found.tsx";
import { paths } from "@/config/paths.ts";

/** Anything unknown under /app: not-found inside the shell. */
export function AppNotFoundRoute() {
  return <NotFound homeHref={paths.app.root.href()} homeLabel="Back to Nexus" />;
}
