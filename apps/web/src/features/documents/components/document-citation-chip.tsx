import type { DocumentCitation } from "@nexus/contracts";
import { clsx } from "clsx";
import { CitationChipView } from "@/components/chat/citation/citation-chip.tsx";
import type { ResolvedCitation } from "@/components/chat/citation/resolve-citation.ts";
import { t, useT } from "@/lib/i18n/i18n.ts";
import { placeLabel } from "@/lib/passage-label.ts";

const CHIP =
  "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center gap-1 rounded-full px-1.5 align-[0.12em] font-medium text-[0.7rem] leading-none tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent";

/** A document chat's citation, resolved as a file passage (the document open beside the chat). */
export function resolveDocumentCitation(n: number, citation: DocumentCitation): ResolvedCitation {
  return {
    type: "file",
    n,
    title: placeLabel(citation.label, citation.ranges[0]?.page),
    // In a chat over several files, the file it comes from.
    site: citation.fileName ?? t("chat.site.thisDocument"),
    passage: citation.quote,
    verified: citation.verified,
    link: null,
    // The document is already beside the chat: its own viewer shows the passage.
    file: null,
  };
}

/**
 * A citation of a document chat reply: the one citation chip, as a button (Tab, Enter and Space)
 * that jumps the document's own viewer to the cited passage. Hover or focus shows the quote and
 * where it is (a card). An unverified citation is drawn dashed and says "passage not found": it
 * highlights nothing.
 */
export function DocumentCitationChip({
  n,
  citation,
  onCitation,
}: {
  /** The source number the reply wrote (`[n]`). */
  n: number;
  citation: DocumentCitation;
  onCitation: (citation: DocumentCitation) => void;
}) {
  const t = useT();
  const verified = citation.verified;
  const label = placeLabel(citation.label, citation.ranges[0]?.page);
  const where = citation.fileName
    ? t("place.in", { where: citation.fileName, place: label })
    : label;
  return (
    <CitationChipView
      citation={resolveDocumentCitation(n, citation)}
      testId="document-citation"
      previewTestId="document-citation-preview"
      data={{
        "data-citation": n,
        "data-marker": citation.marker,
        "data-verified": verified ? "true" : "false",
      }}
      ariaLabel={
        verified
          ? t("documents.chip.show", { n, where })
          : t("documents.chip.notFound", { n, where })
      }
      className={clsx(
        CHIP,
        verified
          ? "bg-accent-soft text-accent-soft-fg hover:bg-accent hover:text-accent-fg"
          : "border border-dashed border-border bg-surface text-muted hover:text-fg",
      )}
      content={
        <>
          {n}
          {verified ? null : <span className="font-normal">{t("documents.passageNotFound")}</span>}
        </>
      }
      note={verified ? null : t("documents.chip.notFoundNote")}
      onActivate={() => onCitation(citation)}
    />
  );
}
