import type { ResearchCitation } from "@nexus/contracts";
import { clsx } from "clsx";
import { useId } from "react";
import { FloatingCard } from "@/components/chat/floating-card.tsx";
import { useHoverPreview } from "@/components/chat/use-hover-preview.ts";
import { isVerified } from "../lib/report.ts";
import { SourceLink, sourceSite } from "./research-source-link.tsx";

const CHIP =
  "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center gap-1 rounded-full px-1.5 align-[0.12em] font-medium text-[0.7rem] leading-none tabular-nums no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent";

export const VERIFIED_LABEL = "Verified";
export const UNVERIFIED_LABEL = "Unverified";

/**
 * A citation of the report (`[noteId]`): a link to its source (a file at the passage) numbered as
 * the source is; hover or focus shows the title, the quote and whether the quote was found in what
 * was read (Verified) or not (Unverified, drawn dashed).
 */
export function ResearchCitationChip({ citation }: { citation: ResearchCitation }) {
  const cardId = useId();
  const preview = useHoverPreview();
  const verified = isVerified(citation);
  const { source, note } = citation;
  return (
    <>
      <span {...preview.triggerProps} className="inline">
        <SourceLink
          source={source}
          quote={verified ? note.quote : null}
          testId="research-citation"
          className={clsx(
            CHIP,
            verified
              ? "bg-accent-soft text-accent-soft-fg hover:bg-accent hover:text-accent-fg"
              : "border border-dashed border-border bg-surface text-muted hover:text-fg",
          )}
        >
          <span
            data-testid="research-citation-mark"
            data-note={note.id}
            data-source={source.id}
            data-verified={verified ? "true" : "false"}
            aria-describedby={preview.anchor ? cardId : undefined}
          >
            <span className="sr-only">
              Source {source.id}: {source.title}, {verified ? VERIFIED_LABEL : UNVERIFIED_LABEL}{" "}
              quote
            </span>
            <span aria-hidden="true">{source.id}</span>
            {verified ? null : (
              <span aria-hidden="true" className="ml-1 font-normal">
                unverified
              </span>
            )}
          </span>
        </SourceLink>
      </span>
      {preview.anchor ? (
        <FloatingCard
          anchor={preview.anchor}
          id={cardId}
          testId="research-citation-preview"
          {...preview.cardProps}
        >
          <span className="flex items-center justify-between gap-2 text-xs">
            <span className="font-medium text-accent-soft-fg">
              [{source.id}] {sourceSite(source)}
            </span>
            <span
              className={clsx(
                "rounded-full px-1.5 py-0.5 font-semibold",
                verified ? "bg-success-soft text-success" : "bg-warning-soft text-warning",
              )}
            >
              {verified ? VERIFIED_LABEL : UNVERIFIED_LABEL}
            </span>
          </span>
          <span className="mt-1 block text-xs font-medium text-fg">{source.title}</span>
          <span className="mt-1.5 block text-xs leading-relaxed break-words text-muted line-clamp-6">
            “<span data-testid="research-citation-quote">{note.quote}</span>”
          </span>
          {verified ? null : (
            <span className="mt-1.5 block text-xs text-subtle">
              This quote was not found in the text that was read.
            </span>
          )}
        </FloatingCard>
      ) : null}
    </>
  );
}
