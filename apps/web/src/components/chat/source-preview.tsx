import { type AnswerSource, CITATION_VERIFIED_LABEL } from "@nexus/contracts";
import { clsx } from "clsx";
import { CircleCheck } from "lucide-react";
import type { SourceLabel } from "@/lib/chat/source-label.ts";
import { SourceIcon } from "./source-icon.tsx";

/** A source as its previews show it: site, title, section and the snippet (clamped or whole). */
export function SourcePreview({
  source,
  label,
  number,
  full = false,
  verified = false,
}: {
  source: AnswerSource;
  label: SourceLabel;
  number?: number;
  /** The whole snippet (a sheet) rather than its first lines (a hover card). */
  full?: boolean;
  /** A citation of it was checked against its text (the snippet is then the verified quote). */
  verified?: boolean;
}) {
  return (
    <>
      <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
        <SourceIcon source={source} />
        <span className="min-w-0 flex-1 truncate">{label.site}</span>
        {verified ? (
          <span className="shrink-0 text-success" data-testid="source-preview-verified">
            <CircleCheck className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{CITATION_VERIFIED_LABEL}</span>
          </span>
        ) : null}
        {number !== undefined ? (
          <span className="shrink-0 rounded bg-surface-2 px-1 font-medium tabular-nums text-subtle">
            {number}
          </span>
        ) : null}
      </span>
      <span className="mt-1.5 block font-medium break-words text-fg">
        <bdi>{label.title}</bdi>
      </span>
      {label.section ? (
        <span className="mt-0.5 block text-xs font-medium break-words text-accent-soft-fg">
          {label.section}
        </span>
      ) : null}
      {source.snippet ? (
        <span
          className={clsx(
            "mt-1.5 block text-xs leading-relaxed break-words text-muted",
            !full && "line-clamp-4",
          )}
        >
          {source.snippet}
        </span>
      ) : null}
    </>
  );
}
