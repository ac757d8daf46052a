import type { SharedNexdocs } from "@nexus/contracts";
import { FileText } from "lucide-react";
import { useMemo } from "react";
import { LazyAnswerMarkdown } from "@/components/chat/markdown/lazy-answer-markdown.tsx";
import { formatDateTime } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";

const SHARED_IMAGE = /\(\/api\/shares\/[A-Za-z0-9]+\/images\/[0-9a-f-]{36}\)/g;

/**
 * /share/:shareId of a NexDocs document (issue 40): its title and its body read-only, drawn by the
 * app's one sanitising Markdown renderer (citations are numbered links and a Sources list ends
 * it); of images only this share's own (the renderer loads nothing else). The editor is not
 * loaded here: this file imports none of it.
 */
export function SharedDocument({ document }: { document: SharedNexdocs }) {
  const t = useT();
  const images = useMemo(
    () => [...document.markdown.matchAll(SHARED_IMAGE)].map((m) => m[0].slice(1, -1)),
    [document.markdown],
  );
  return (
    <div
      className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12"
      data-testid="shared-nexdoc"
    >
      <title>{`${document.title} · ${t("nexdocsApp.sharedFrom")}`}</title>
      <header className="flex flex-col gap-3 border-b border-border pb-6">
        <p className="text-sm font-medium text-accent">{t("nexdocsApp.sharedFrom")}</p>
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
          {document.title}
        </h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <FileText className="size-4" aria-hidden="true" />
            {t("nexdocsApp.document")}
          </span>
          <span>
            {t("nexdocsApp.updated")}{" "}
            <time dateTime={document.updatedAt}>{formatDateTime(document.updatedAt)}</time>
          </span>
          <span>{t("nexdocsApp.readOnly")}</span>
        </p>
      </header>
      <LazyAnswerMarkdown
        markdown={document.markdown}
        sources={[]}
        images={images}
        streaming={false}
        headingBase={2}
        className="mt-8 min-w-0 break-words"
      />
    </div>
  );
}
