import type { AnswerSource } from "@nexus/contracts";
import type { RefObject } from "react";
import { Link } from "react-router";
import { sourceHref } from "@/components/chat/source-card.tsx";
import { SourcePreview } from "@/components/chat/source-preview.tsx";
import { Sheet } from "@/components/ui/sheet.tsx";
import { documentLinkOf } from "@/lib/chat/document-link.ts";
import type { SourceLabel } from "@/lib/chat/source-label.ts";

const CARD =
  "block rounded-xl border border-border p-3 text-sm transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** Every source of an answer, numbered, each with its whole snippet (Perplexity's Sources view). */
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
          if (!label) return null;
          const number = index + 1;
          const href = sourceHref(source.url);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a source is its number ([n])
            <li key={index}>
              {documentLinkOf(source.url) ? (
                // A passage of the person's file: its document chat, in the app.
                <Link
                  to={source.url}
                  onClick={() => onOpenChange(false)}
                  data-sheet-source={number}
                  className={CARD}
                >
                  <SourcePreview source={source} label={label} number={number} full />
                </Link>
              ) : (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  data-sheet-source={number}
                  className={CARD}
                >
                  <SourcePreview source={source} label={label} number={number} full />
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </Sheet>
  );
}
