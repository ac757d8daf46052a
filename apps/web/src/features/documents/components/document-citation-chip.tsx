import type { DocumentCitation } from "@nexus/contracts";
import { clsx } from "clsx";
import { useId } from "react";
import { FloatingCard } from "@/components/chat/floating-card.tsx";
import { useHoverPreview } from "@/components/chat/use-hover-preview.ts";

/** What an unverified citation's chip says: the quote was not found, so nothing is highlighted. */
export const PASSAGE_NOT_FOUND = "passage not found";

const CHIP =
  "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center gap-1 rounded-full px-1.5 align-[0.12em] font-medium text-[0.7rem] leading-none tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent";

/**
 * A citation of a document chat reply: a button (reachable by Tab, Enter and Space click it) that
 * jumps the viewer to the cited passage. Hover or focus shows the quote and where it is (a card).
 * An unverified citation is drawn dashed and says "passage not found": it highlights nothing.
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
  const cardId = useId();
  const preview = useHoverPreview();
  const verified = citation.verified;
  return (
    <>
      <button
        type="button"
        data-testid="document-citation"
        data-citation={n}
        data-marker={citation.marker}
        data-verified={verified ? "true" : "false"}
        aria-label={
          verified
            ? `Source ${n}: ${citation.label}, show the passage`
            : `Source ${n}: ${citation.label}, ${PASSAGE_NOT_FOUND}`
        }
        aria-describedby={preview.anchor ? cardId : undefined}
        className={clsx(
          CHIP,
          verified
            ? "bg-accent-soft text-accent-soft-fg hover:bg-accent hover:text-accent-fg"
            : "border border-dashed border-border bg-surface text-muted hover:text-fg",
        )}
        {...preview.triggerProps}
        onClick={() => {
          preview.close();
          onCitation(citation);
        }}
      >
        {n}
        {verified ? null : <span className="font-normal">{PASSAGE_NOT_FOUND}</span>}
      </button>
      {preview.anchor ? (
        <FloatingCard
          anchor={preview.anchor}
          id={cardId}
          testId="document-citation-preview"
          {...preview.cardProps}
        >
          <span className="block text-xs font-medium text-accent-soft-fg">{citation.label}</span>
          {citation.quote ? (
            <span className="mt-1.5 block text-xs leading-relaxed break-words text-muted line-clamp-6">
              “{citation.quote}”
            </span>
          ) : null}
          {verified ? null : (
            <span className="mt-1.5 block text-xs text-subtle">
              The quote was not found in the document: nothing is highlighted.
            </span>
          )}
        </FloatingCard>
      ) : null}
    </>
  );
}
