import { NotFound } from "@/components/errors/not-found.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";

/** Anything unknown under /app: not-found inside the shell. */
export function AppNotFoundRoute() {
  const t = useT();
  return <NotFound homeHref={paths.app.root.href()} homeLabel={t("pages.notFound.app")} />;
}
