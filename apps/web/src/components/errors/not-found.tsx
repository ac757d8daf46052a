import { ArrowLeft, SearchX } from "lucide-react";
import { PageMeta } from "@/components/seo/page-meta.tsx";
import { buttonClasses } from "@/components/ui/button.tsx";
import { LocalLink } from "@/components/ui/local-link.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** Not-found content: used by the public not-found page and the in-shell one. */
export function NotFound({ homeHref, homeLabel }: { homeHref: string; homeLabel: string }) {
  const t = useT();
  return (
    <div
      data-testid="not-found"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <PageMeta title={t("pages.notFound.metaTitle")} noindex />
      <div className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-fg">
        <SearchX className="size-6" aria-hidden="true" />
      </div>
      <p className="text-sm font-medium text-accent">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">{t("pages.notFound.title")}</h1>
      <p className="text-sm text-muted">{t("pages.notFound.text")}</p>
      <LocalLink to={homeHref} className={buttonClasses({ variant: "outline", className: "mt-3" })}>
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {homeLabel}
      </LocalLink>
    </div>
  );
}
