import { citationMarkers, type DocumentCitation, displayCitationText } from "@nexus/contracts";
import { useCallback, useMemo } from "react";
import { LazyAnswerMarkdown } from "@/components/chat/markdown/lazy-answer-markdown.tsx";
import { DocumentCitationChip } from "./document-citation-chip.tsx";

/**
 * The k-th marker of a reply is written `[FIRST + k]` for the renderer: a number no source list
 * reaches, so each marker is its own citation (two markers of source 1 quote different words), and a
 * bracketed number that is not a marker (`[1, 2]`) stays text.
 */
const FIRST = 1000;

/** The reply with its k-th marker as `[FIRST + k]`, and the number each marker was written with. */
export function numberMarkers(text: string): { markdown: string; shown: number[] } {
  const markers = citationMarkers(text);
  let markdown = "";
  let last = 0;
  markers.forEach((marker, k) => {
    const end = text.indexOf("]", marker.index) + 1;
    markdown += `${text.slice(last, marker.index)}[${FIRST + k}]`;
    last = end;
  });
  // An unfinished `[n: "…` at the end stays hidden until it closes.
  markdown = displayCitationText(markdown + text.slice(last));
  return { markdown, shown: markers.map((marker) => marker.source) };
}

/**
 * A document chat reply's text, rendered as the answers are (Markdown: lists, tables, code; no raw
 * HTML), with each `[n]` or `[n: "quote"]` marker a chip. The k-th marker of the text is the
 * citation with `marker` k (counted from 0, as the server counts them); a marker without one yet
 * (still streaming, or not checked) stays `[n]`.
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
  const { markdown, shown } = useMemo(() => numberMarkers(text), [text]);
  const byMarker = useMemo(
    () => new Map(citations.map((citation) => [citation.marker, citation])),
    [citations],
  );
  const renderCitation = useCallback(
    (written: number) => {
      const k = written - FIRST;
      const n = shown[k];
      if (k < 0 || n === undefined) return `[${written}]`;
      const citation = byMarker.get(k);
      return citation ? (
        <DocumentCitationChip n={n} citation={citation} onCitation={onCitation} />
      ) : (
        `[${n}]`
      );
    },
    [shown, byMarker, onCitation],
  );
  return (
    <div className="min-w-0 break-words text-fg" data-testid="document-reply-text">
      <LazyAnswerMarkdown
        markdown={markdown}
        plainText={displayCitationText(text)}
        sources={[]}
        citationCount={FIRST + shown.length}
        renderCitation={renderCitation}
        headingBase={3}
      />
    </div>
  );
}
