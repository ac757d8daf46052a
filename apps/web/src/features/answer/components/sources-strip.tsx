import type { AnswerSource } from "@nexus/contracts";
import { Suspense, useMemo, useRef, useState } from "react";
import { SourceCard, SourceIcon } from "@/components/chat/source-card.tsx";
import { labelSources } from "@/lib/chat/source-label.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";

// Opened by "+N more" only: downloaded when it is pointed at or focused, not with the answer.
const LazySourcesSheet = lazyComponent(() =>
  import("./sources-sheet.tsx").then((m) => m.SourcesSheet),
);
const preloadSheet = () => void LazySourcesSheet.preload();

const SHOWN = 4;

/**
 * The numbered sources as small cards (title, section, site); hovering or focusing one previews
 * its snippet. More than four: "+N more" opens every source with its whole snippet in a side sheet.
 */
export function SourcesStrip({ sources }: { sources: readonly AnswerSource[] }) {
  const t = useT();
  const [sheetOpen, setSheetOpen] = useState(false);
  // Closing the sheet puts focus back on "+N more" (the sheet has no Radix trigger to return to).
  const moreRef = useRef<HTMLButtonElement>(null);
  const labels = useMemo(() => labelSources(sources), [sources]);
  if (sources.length === 0) return null;
  const shown = sources.slice(0, SHOWN);
  const hidden = sources.slice(SHOWN);

  return (
    <section aria-label={t("answer.sources")} data-testid="sources-strip">
      <ul className="-mx-1 flex gap-2 overflow-x-auto overscroll-x-contain px-1 pb-1 sm:overflow-visible">
        {shown.map((source, index) => {
          const label = labels[index];
          return label ? (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a source is its number ([n]); the list only grows
              key={index}
              className="flex w-40 shrink-0 sm:w-auto sm:min-w-0 sm:flex-1"
            >
              <SourceCard source={source} label={label} number={index + 1} />
            </li>
          ) : null;
        })}
        {hidden.length > 0 ? (
          <li className="flex shrink-0">
            <button
              ref={moreRef}
              type="button"
              aria-haspopup="dialog"
              aria-label={t("answer.moreSources", { count: hidden.length })}
              onClick={() => setSheetOpen(true)}
              onPointerEnter={preloadSheet}
              onFocus={preloadSheet}
              className="flex min-h-16 w-full min-w-24 flex-col items-start justify-between gap-1.5 rounded-xl border border-border bg-surface px-2.5 py-2.5 text-xs font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex -space-x-1" aria-hidden="true">
                {hidden.slice(0, 3).map((source, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: numbered sources, fixed once streamed
                  <span key={index} className="rounded-full bg-surface ring-2 ring-surface">
                    <SourceIcon source={source} />
                  </span>
                ))}
              </span>
              <span>{t("answer.more", { count: hidden.length })}</span>
            </button>
          </li>
        ) : null}
      </ul>
      {sheetOpen ? (
        <Suspense fallback={null}>
          <LazySourcesSheet
            sources={sources}
            labels={labels}
            onOpenChange={setSheetOpen}
            returnFocusRef={moreRef}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
