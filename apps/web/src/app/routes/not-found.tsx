import { NotFound } from "@/components/errors/not-found.tsx";
import { paths } from "@/config/paths.ts";

export function PublicNotFoundRoute() {
  return <NotFound homeHref={paths.landing.href()} homeLabel="Back to the home page" />;
}
