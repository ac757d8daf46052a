import { useId } from "react";
import { toSafeHttpUrl, toSafeSourceUrl } from "../../lib/safe-url.ts";
import { sourceSiteName } from "../../lib/source-site.ts";
import { useSources } from "./sources-context.ts";

const CHIP =
  "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center rounded-full bg-accent-soft px-1.5 align-[0.12em] font-medium text-[0.7rem] text-accent-soft-fg leading-none no-underline tabular-nums transition-colors hover:bg-accent hover:text-accent-fg focus-visible:bg-accent focus-visible:text-accent-fg";

// display:none until hover/focus, so the favicon (loading="lazy") is fetched only when shown.
const CARD =
  "pointer-events-none absolute bottom-full left-1/2 z-30 mb-2 hidden w-72 max-w-[80vw] -translate-x-1/2 rounded-lg border border-border bg-surface p-3 text-left font-normal text-sm shadow-lg group-focus-within/cite:block group-hover/cite:block";

export interface CitationChipProps {
  /** 1-based source number. */
  n: number;
}

/** A citation chip with a hover/focus preview of its source; plain `[n]` when there is none. */
export function CitationChip({ n }: CitationChipProps) {
  const sources = useSources();
  const cardId = useId();
  const source = sources[n - 1];
  if (!source) return <>{`[${n}]`}</>;

  // A local source (the knowledge base, the user's files) is a page of this Nexus: "/blog/…".
  const link = toSafeSourceUrl(source.url, window.location.origin);
  const favicon = source.favicon ? toSafeHttpUrl(source.favicon) : null;
  const label = `Source ${n}: ${source.title || source.domain || "untitled"}`;
  const domain = link?.domain || sourceSiteName(source);

  return (
    <span className="group/cite relative inline-block indent-0">
      {link ? (
        <a
          href={link.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          data-citation={n}
          aria-label={label}
          aria-describedby={cardId}
          className={CHIP}
        >
          {n}
        </a>
      ) : (
        <button
          type="button"
          data-citation={n}
          aria-label={label}
          aria-describedby={cardId}
          className={`${CHIP} cursor-default`}
        >
          {n}
        </button>
      )}
      <span id={cardId} role="tooltip" className={CARD}>
        <span className="flex items-center gap-1.5 text-subtle text-xs">
          {favicon ? (
            <img
              src={favicon.href}
              alt=""
              width={14}
              height={14}
              loading="lazy"
              decoding="async"
              referrerPolicy="no-referrer"
              data-source-favicon=""
              className="size-3.5 shrink-0 rounded-sm"
            />
          ) : null}
          <span className="truncate">{domain}</span>
        </span>
        {source.title ? (
          <span className="mt-1 line-clamp-2 block font-medium text-fg">{source.title}</span>
        ) : null}
        {source.snippet ? (
          <span className="mt-1 line-clamp-3 block text-muted text-xs leading-relaxed">
            {source.snippet}
          </span>
        ) : null}
      </span>
    </span>
  );
}
