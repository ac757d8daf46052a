import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "react-router";
import { PageMeta } from "@/components/seo/page-meta.tsx";
import { buttonClasses } from "@/components/ui/button.tsx";

/** Not-found content: used by the public not-found page and the in-shell one. */
export function NotFound({ homeHref, homeLabel }: { homeHref: string; homeLabel: string }) {
  return (
    <div
      data-testid="not-found"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <PageMeta title="Page not found · Nexus" noindex />
      <div className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-fg">
        <SearchX className="size-6" aria-hidden="true" />
      </div>
      <p className="text-sm font-medium text-accent">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="text-sm text-muted">
        The address may be mistyped, or the page may have moved or been removed.
      </p>
      <Link to={homeHref} className={buttonClasses({ variant: "outline", className: "mt-3" })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {homeLabel}
      </Link>
    </div>
  );
}
