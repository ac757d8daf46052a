import { checkOf } from "@nexus/contracts";
import { CitationChipView } from "@/components/chat/citation/citation-chip.tsx";
import { resolveCitation } from "@/components/chat/citation/resolve-citation.ts";
import { CitationMark } from "@/components/chat/citation-mark.tsx";
import { SourceIcon } from "@/components/chat/source-icon.tsx";
import type { ShownSource } from "@/lib/chat/file-sources.ts";
import { labelSource } from "@/lib/chat/source-label.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { useCitationChecks, useSources } from "./sources-context.ts";

export interface CitationChipProps {
  /** 1-based source number. */
  n: number;
  /** Which chip of source n this is in the reply (0: the first): its check, if it was checked. */
  occurrence?: number;
}

/**
 * An answer's (or an agent reply's) citation `[n]` of its numbered sources: the one citation chip
 * (citation/citation-chip.tsx) with the source resolved by its type, and the check's mark
 * (issue 38) in its card. Plain `[n]` when there is no such source.
 */
export function CitationChip({ n, occurrence = 0 }: CitationChipProps) {
  const sources = useSources();
  const check = checkOf(useCitationChecks(), n, occurrence);
  const source: ShownSource | undefined = sources[n - 1];
  if (!source) return <>{`[${n}]`}</>;
  const label = labelSource(source);
  const unverified = check !== undefined && !check.verified;
  const citation = resolveCitation({
    n,
    url: source.url,
    title: label.title,
    snippet: source.snippet,
    quote: check?.passage ?? null,
    verified: check?.verified,
    private: source.private === true || source.filePrivate === true || source.fileDeleted === true,
  });
  // The label knows the site better than the URL does (a guide, a deleted or private file).
  citation.site = label.site || citation.site;
  const title = source.title || source.domain || t("markdown.untitled");
  const name = `${t("chat.citation.sourceName", { n, title })}${unverified ? ` (${t("spec.citationUnverified").toLocaleLowerCase()})` : ""}`;
  return (
    <CitationChipView
      citation={citation}
      ariaLabel={name}
      previewTestId="citation-preview"
      data={{ "data-citation": n, "data-verified": check ? String(check.verified) : undefined }}
      icon={<SourceIcon source={source} />}
      section={label.section}
      // A verified check's passage is the card's quoted passage; an unverified one's is the closest.
      quoteTestId={check?.verified ? "citation-passage" : undefined}
      mark={check ? <CitationMark check={check} passage={!check.verified} /> : null}
      sheetMark={check ? <CitationMark check={check} passage={!check.verified} full /> : null}
      fetchPassage
    />
  );
}
