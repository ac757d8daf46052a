import { type DocumentCitation, displayCitationText } from "@nexus/contracts";
import type { ReactNode } from "react";
import { DocumentCitationChip } from "./document-citation-chip.tsx";

/** `[n]` as displayCitationText leaves every marker (the same markers, in the same order). */
const MARKER = /\[(\d{1,3})\]/g;

/**
 * A document chat reply's text: `[n: "quote"]` shown as `[n]` (displayCitationText), each marker a
 * chip. The k-th marker of the text is the citation with `marker` k (counted from 0, as the server
 * counts them); a marker without one yet (still streaming, or not checked) stays `[n]`.
 */
export function CitedText({
  text,
  citations,
  onCitation,
}: {
  text: string;
  citations: readonly DocumentCitation[];
  onCitation: (citation: DocumentCitation) => void;
}) {
  const shown = displayCitationText(text);
  const byMarker = new Map(citations.map((citation) => [citation.marker, citation]));
  const paragraphs = shown.split(/\n{2,}/);
  let marker = 0;
  return (
    <div className="flex min-w-0 flex-col gap-3 break-words" data-testid="document-reply-text">
      {paragraphs.map((paragraph, index) => {
        const nodes: ReactNode[] = [];
        let last = 0;
        for (const match of paragraph.matchAll(MARKER)) {
          if (match.index > last) nodes.push(paragraph.slice(last, match.index));
          const n = Number(match[1]);
          const citation = byMarker.get(marker);
          nodes.push(
            citation ? (
              <DocumentCitationChip
                key={`m${marker}`}
                n={n}
                citation={citation}
                onCitation={onCitation}
              />
            ) : (
              match[0]
            ),
          );
          marker += 1;
          last = match.index + match[0].length;
        }
        if (last < paragraph.length) nodes.push(paragraph.slice(last));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraph n stays at place n
          <p key={index} className="whitespace-pre-wrap text-base leading-relaxed text-fg">
            {nodes}
          </p>
        );
      })}
    </div>
  );
}
