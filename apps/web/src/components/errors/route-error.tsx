import { House, RefreshCw, TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { isChunkLoadError } from "@/lib/chunk-loading.ts";
import { t as translate, useT } from "@/lib/i18n/i18n.ts";
import { ChunkErrorView } from "./chunk-error-view.tsx";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return translate("errorPage.showing");
}

/** The route error element: the spec's generic fallback page with ways out. */
export function RouteError({ homeHref = "/" }: { homeHref?: string }) {
  const t = useT();
  const error = useRouteError();
  if (isChunkLoadError(error)) {
    return <ChunkErrorView timedOut={error.timedOut} onRetry={() => window.location.reload()} />;
  }
  return (
    <div
      role="alert"
      data-testid="route-error"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-3 px-6 py-12 text-center"
    >
      <title>{`${t("spec.unexpectedError")} · Nexus`}</title>
      <div className="flex size-12 items-center justify-center rounded-2xl bg-danger-soft text-danger">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </div>
      <h1 className="text-xl font-semibold tracking-tight">{t("spec.unexpectedError")}</h1>
      <p className="text-sm break-words text-muted">{describe(error)}</p>
      <div className="mt-3 flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t("errorPage.reload")}
        </Button>
        <a href={homeHref} className={buttonClasses({ variant: "outline" })}>
          <House className="size-4" aria-hidden="true" />
          {t("errorPage.home")}
        </a>
      </div>
    </div>
  );
}
