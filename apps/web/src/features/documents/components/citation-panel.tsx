import * as RadixDialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { FileText, MessageSquare, X } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import type { FilePassage } from "@/components/chat/citation/resolve-citation.ts";
import { LoadError } from "@/components/ui/load-error.tsx";
import { ApiError } from "@/lib/api-client.ts";
import { formatNumber } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useMediaQuery } from "@/lib/use-media-query.ts";
import { documentContentUrl, documentKeys, getDocument, getPassage } from "../api/documents.ts";
import { Loading, TextPane } from "./document-text-pane.tsx";
import type { DocumentHighlight } from "./pdf-viewer.tsx";
import { PdfViewerLoader } from "./pdf-viewer-loader.tsx";

/** Wide enough for the panel beside the reading (the app shell leaves it this room). */
export const SIDE_PANEL_QUERY = "(min-width: 1024px)";

/** The cited file at its passage, the quote's words marked: the documents' own viewers. */
function CitedDocument({ passage }: { passage: FilePassage }) {
  const t = useT();
  const { fileId, ordinal, quote, name } = passage;
  const info = useQuery({
    queryKey: documentKeys.info(fileId),
    queryFn: ({ signal }) => getDocument(fileId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const cited = useQuery({
    queryKey: documentKeys.passage(fileId, ordinal ?? -1),
    queryFn: ({ signal }) => getPassage(fileId, ordinal ?? 0, signal),
    enabled: ordinal !== null,
  });
  const highlight = useMemo<DocumentHighlight | null>(
    () =>
      cited.data
        ? {
            ranges: [{ page: cited.data.page, start: cited.data.start, end: cited.data.end }],
            quote,
            key: `panel-${cited.data.ordinal}-${quote ?? ""}`,
          }
        : null,
    [cited.data, quote],
  );
  if (info.isPending || (ordinal !== null && cited.isPending))
    return <Loading label={t("documents.opening", { name })} />;
  const error = info.error ?? cited.error;
  if (error) {
    if (error instanceof ApiError && error.status === 404)
      return (
        <p className="p-6 text-sm text-muted" role="status">
          {t("documents.gone")}
        </p>
      );
    return (
      <div className="p-4">
        <LoadError
          what={t("documents.loadDocument")}
          error={error}
          onRetry={() => {
            void info.refetch();
            void cited.refetch();
          }}
        />
      </div>
    );
  }
  if (!info.data) return null;
  const document = info.data;
  if (document.status !== "ready")
    return (
      <p className="p-6 text-sm text-muted" role="status">
        {t("documents.readingShows", { name: document.name })}
      </p>
    );
  return document.viewer === "pdf" ? (
    <PdfViewerLoader
      fallback={<Loading label={t("documents.opening", { name: document.name })} />}
      url={documentContentUrl(document.id)}
      highlight={highlight}
      title={document.name}
    />
  ) : (
    <div className="h-full min-h-0 overflow-auto">
      <TextPane document={document} highlight={highlight} />
    </div>
  );
}

/**
 * A file citation's passage beside the reading (a sheet on a phone): the document viewer scrolled to
 * the page with exactly the quoted words marked, the reply staying where it was. Escape or Close
 * closes it (the focus goes back to the chip); "Open document chat" goes on to the file's chat.
 * Lazy: the viewer's code comes only with the first citation opened.
 */
export function CitationPanel({
  passage,
  returnFocus,
  onClose,
}: {
  passage: FilePassage;
  returnFocus: HTMLElement;
  onClose: () => void;
}) {
  const t = useT();
  const wide = useMediaQuery(SIDE_PANEL_QUERY);
  const title =
    passage.page !== null
      ? t("documents.titlePage", { name: passage.name, page: formatNumber(passage.page) })
      : passage.name;
  return (
    <RadixDialog.Root open modal={!wide} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        {wide ? null : <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />}
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid="citation-panel"
          data-layout={wide ? "side" : "sheet"}
          // Beside the reading: a click in the reply keeps it open (only Escape and Close close it).
          onInteractOutside={(event) => wide && event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus.isConnected) returnFocus.focus();
          }}
          className={clsx(
            "fixed z-50 flex flex-col overflow-hidden border-border bg-surface text-fg shadow-2xl",
            wide
              ? "inset-y-0 right-0 w-[min(40rem,45vw)] border-l"
              : "inset-x-0 bottom-0 h-[88dvh] rounded-t-2xl border-t pb-[env(safe-area-inset-bottom)]",
          )}
        >
          <div className="flex shrink-0 items-center gap-2 border-b border-border px-3 py-2">
            <FileText className="size-4 shrink-0 text-accent" aria-hidden="true" />
            <RadixDialog.Title className="min-w-0 flex-1 truncate text-sm font-semibold">
              {title}
            </RadixDialog.Title>
            <Link
              to={passage.chatHref}
              data-testid="citation-panel-chat"
              className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border border-border px-2.5 text-sm font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <MessageSquare className="size-4" aria-hidden="true" />
              <span className="max-sm:sr-only">{t("documents.openChat")}</span>
            </Link>
            <RadixDialog.Close
              aria-label={t("documents.close")}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1">
            <CitedDocument passage={passage} />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
