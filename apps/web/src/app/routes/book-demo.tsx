import { paths } from "@/config/paths.ts";
import { BookDemoRequest } from "@/features/leads/components/book-demo-request.tsx";
import { PublicPage } from "@/features/marketing/components/public-page.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { useHydrated } from "@/lib/use-hydrated.ts";

/** /book-demo and /contact (same page, one canonical address): the lead form of spec §3. */
export function BookDemoRoute() {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <PublicPage
      eyebrow={t("pages.bookDemo.eyebrow")}
      title={t("pages.bookDemo.title")}
      intro={t("pages.bookDemo.intro")}
      description={t("pages.bookDemo.description")}
      path={paths.bookDemo.href()}
    >
      {/* Disabled on the prerendered page until it hydrates: typing before would be lost. */}
      <fieldset disabled={!hydrated} className="min-w-0">
        <BookDemoRequest />
      </fieldset>
    </PublicPage>
  );
}
