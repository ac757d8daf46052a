import type { AnswerSource } from "@nexus/contracts";
import type { RefObject } from "react";
import { Link } from "react-router";
import { plainClick, sourceHref, useSourcePassage } from "@/components/chat/source-card.tsx";
import { SourcePreview } from "@/components/chat/source-preview.tsx";
import { Sheet } from "@/components/ui/sheet.tsx";
import type { SourceLabel } from "@/lib/chat/source-label.ts";

const CARD =
  "block rounded-xl border border-border p-3 text-sm transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * Every source of an answer, numbered, each with its whole snippet (Perplexity's Sources view).
 * A source a citation was checked against says so and shows the verified quote, as its card in
 * the strip does; a file's passage opens beside the answer at that quote.
 */
export function SourcesSheet({
  sources,
  labels,
  onOpenChange,
  returnFocusRef,
}: {
  sources: readonly AnswerSource[];
  labels: readonly SourceLabel[];
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <Sheet
      open
      onOpenChange={onOpenChange}
      side="right"
      title={`${sources.length} sources`}
      testId="sources-sheet"
      {...(returnFocusRef ? { returnFocusRef } : {})}
    >
      <ol className="flex flex-col gap-2 p-3">
        {sources.map((source, index) => {
          const label = labels[index];
          return label ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a source is its number ([n])
            <li key={index}>
              <SheetSource
                source={source}
                label={label}
                number={index + 1}
                close={() => onOpenChange(false)}
                returnFocusRef={returnFocusRef}
              />
            </li>
          ) : null;
        })}
      </ol>
    </Sheet>
  );
}

function SheetSource({
  source,
  label,
  number,
  close,
  returnFocusRef,
}: {
  source: AnswerSource;
  label: SourceLabel;
  number: number;
  close: () => void;
  returnFocusRef: RefObject<HTMLElement | null> | undefined;
}) {
  const { document, verified, quote, documentHref, openInPanel } = useSourcePassage(source, number);
  const preview = (
    <SourcePreview
      source={quote ? { ...source, snippet: quote } : source}
      label={label}
      number={number}
      verified={verified}
      full
    />
  );
  if (document) {
    // A passage of the person's file: beside the answer when the screen has a panel (the sheet
    // closes and focus goes back to "+N more" when the panel closes), else its document chat.
    return (
      <Link
        to={documentHref ?? document.path}
        onClick={(event) => {
          if (openInPanel && plainClick(event)) {
            event.preventDefault();
            const back = returnFocusRef?.current ?? event.currentTarget;
            close();
            openInPanel(back);
            return;
          }
          close();
        }}
        data-sheet-source={number}
        data-verified={verified ? "true" : undefined}
        className={CARD}
      >
        {preview}
      </Link>
    );
  }
  return (
    <a
      href={sourceHref(source.url)}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-sheet-source={number}
      data-verified={verified ? "true" : undefined}
      className={CARD}
    >
      {preview}
    </a>
  );
}
