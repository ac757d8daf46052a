import type { AnswerSource } from "@nexus/contracts";
import { clsx } from "clsx";
import { useId, useState } from "react";
import { sourceSiteName } from "../lib/source-site.ts";
import { SourceCard, SourceIcon } from "./source-card.tsx";

const SHOWN = 4;

/** The numbered sources as small cards; hovering or focusing one previews its snippet. */
export function SourcesStrip({ sources }: { sources: readonly AnswerSource[] }) {
  const [expanded, setExpanded] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);
  const listId = useId();
  if (sources.length === 0) return null;
  const shown = expanded ? sources : sources.slice(0, SHOWN);
  const hidden = sources.length - shown.length;
  const previewed = preview === null ? undefined : sources[preview - 1];

  return (
    <section aria-label="Sources" data-testid="sources-strip" className="relative">
      <ul
        id={listId}
        className={clsx(
          "-mx-1 gap-2 px-1 pb-1",
          expanded
            ? "grid grid-cols-2 sm:grid-cols-4"
            : "flex overflow-x-auto overscroll-x-contain sm:overflow-visible",
        )}
      >
        {shown.map((source, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a source is its number ([n]); the list only grows
            key={index}
            className={clsx("flex", !expanded && "w-40 shrink-0 sm:w-auto sm:min-w-0 sm:flex-1")}
          >
            <SourceCard source={source} number={index + 1} onPreview={setPreview} />
          </li>
        ))}
        {hidden > 0 || expanded ? (
          <li className="flex shrink-0">
            <button
              type="button"
              aria-expanded={expanded}
              aria-label={expanded ? "Show fewer sources" : `Show ${hidden} more sources`}
              aria-controls={listId}
              onClick={() => setExpanded(!expanded)}
              className="flex min-h-16 w-full min-w-24 items-center justify-center rounded-xl border border-dashed border-border bg-surface px-2 py-2.5 text-xs font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {expanded ? "Show fewer" : `+${hidden} more`}
            </button>
          </li>
        ) : null}
      </ul>
      {previewed?.snippet ? (
        <div
          role="tooltip"
          className="pointer-events-none absolute top-full right-0 left-0 z-20 mt-1 rounded-xl border border-border bg-surface p-3 shadow-lg"
        >
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <SourceIcon source={previewed} />
            <span className="truncate">{sourceSiteName(previewed)}</span>
          </p>
          <p className="mt-1 text-sm font-medium text-fg">{previewed.title}</p>
          <p className="mt-1 line-clamp-4 text-sm text-muted">{previewed.snippet}</p>
        </div>
      ) : null}
    </section>
  );
}
