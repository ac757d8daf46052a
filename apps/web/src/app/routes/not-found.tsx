import { NotFound } from "@/components/errors/not-found.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";

export function PublicNotFoundRoute() {
  const t = useT();
  return <NotFound homeHref={paths.landing.href()} homeLabel={t("pages.notFound.home")} />;
}
