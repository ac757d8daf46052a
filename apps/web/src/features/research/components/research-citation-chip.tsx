import type { ResearchCitation } from "@nexus/contracts";
import { clsx } from "clsx";
import { use } from "react";
import { CitationChipView } from "@/components/chat/citation/citation-chip.tsx";
import {
  type ResolvedCitation,
  resolveCitation,
} from "@/components/chat/citation/resolve-citation.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { isVerified } from "../lib/report.ts";
import { LinkFilesContext, sourceTarget, sourceTitle } from "./research-source-link.tsx";

const CHIP =
  "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center gap-1 rounded-full px-1.5 align-[0.12em] font-medium text-[0.7rem] leading-none tabular-nums no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent";

/** A report's citation resolved by its source's type; a file's link carries the checked quote. */
export function resolveResearchCitation(
  citation: ResearchCitation,
  linkFiles: boolean,
): ResolvedCitation {
  const { source, note } = citation;
  const verified = isVerified(citation);
  const hidden = !linkFiles && source.kind === "file";
  return resolveCitation({
    type: source.kind,
    n: source.id,
    url: source.url,
    title: source.title,
    snippet: note.quote,
    quote: note.quote,
    verified,
    page: note.page,
    fileId: source.fileId,
    private: hidden,
    link: hidden ? null : sourceTarget(source, verified ? note.quote : null),
  });
}

/**
 * A citation of the report (`[noteId]`): the one citation chip, numbered as its source is. Hover or
 * focus shows the title, the quote and whether the quote was found in what was read (Verified) or
 * not (Unverified, drawn dashed); a file's citation opens its passage beside the report, the
 * quote's words marked.
 */
export function ResearchCitationChip({ citation }: { citation: ResearchCitation }) {
  const t = useT();
  const linkFiles = use(LinkFilesContext);
  const verified = isVerified(citation);
  const { source, note } = citation;
  return (
    <CitationChipView
      citation={resolveResearchCitation(citation, linkFiles)}
      testId="research-citation"
      previewTestId="research-citation-preview"
      quoteTestId="research-citation-quote"
      className={clsx(
        CHIP,
        verified
          ? "bg-accent-soft text-accent-soft-fg hover:bg-accent hover:text-accent-fg"
          : "border border-dashed border-border bg-surface text-muted hover:text-fg",
      )}
      content={
        <span
          data-testid="research-citation-mark"
          data-note={note.id}
          data-source={source.id}
          data-verified={verified ? "true" : "false"}
        >
          <span className="sr-only">
            {t(verified ? "research.citation.verified" : "research.citation.unverified", {
              id: source.id,
              title: sourceTitle(source),
            })}
          </span>
          <span aria-hidden="true">{source.id}</span>
          {verified ? null : (
            <span aria-hidden="true" className="ml-1 font-normal">
              {t("research.citation.unverifiedMark")}
            </span>
          )}
        </span>
      }
      note={verified ? null : t("research.citation.notFound")}
    />
  );
}
