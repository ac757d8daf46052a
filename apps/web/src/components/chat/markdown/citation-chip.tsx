import { CITATION_UNVERIFIED_LABEL, checkOf } from "@nexus/contracts";
import { clsx } from "clsx";
import { type MouseEvent, type PointerEvent, Suspense, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { CitationMark } from "@/components/chat/citation-mark.tsx";
import { FloatingCard } from "@/components/chat/floating-card.tsx";
import { SourcePreview } from "@/components/chat/source-preview.tsx";
import { useHoverPreview } from "@/components/chat/use-hover-preview.ts";
import { documentLinkOf, usePassageText } from "@/lib/chat/document-link.ts";
import { toSafeSourceUrl } from "@/lib/chat/safe-url.ts";
import { labelSource } from "@/lib/chat/source-label.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { useCitationChecks, useSources } from "./sources-context.ts";

const CHIP =
  "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center rounded-full bg-accent-soft px-1.5 align-[0.12em] font-medium text-[0.7rem] text-accent-soft-fg leading-none no-underline tabular-nums transition-colors hover:bg-accent hover:text-accent-fg focus-visible:bg-accent focus-visible:text-accent-fg";

/** A citation its source does not support: dashed, in the warning colour, with a "?". */
const UNVERIFIED_CHIP =
  "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center gap-0.5 rounded-full border border-dashed border-warning bg-warning-soft px-1.5 align-[0.12em] font-medium text-[0.7rem] text-warning leading-none no-underline tabular-nums transition-colors hover:bg-accent hover:text-accent-fg focus-visible:bg-accent focus-visible:text-accent-fg";

export interface CitationChipProps {
  /** 1-based source number. */
  n: number;
  /** Which chip of source n this is in the reply (0: the first): its check, if it was checked. */
  occurrence?: number;
}

/**
 * A citation chip. A mouse resting on it or the keyboard focusing it previews its source in a card
 * kept inside the viewport; a tap (touch) opens the source in a bottom sheet instead of leaving
 * the page. Plain `[n]` when there is no such source.
 */
// Opened by a tap only: downloaded then (or when a finger first touches a chip), not with the answer.
const LazyCitationSheet = lazyComponent(() =>
  import("@/components/chat/citation-sheet.tsx").then((m) => m.CitationSheet),
);

export function CitationChip({ n, occurrence = 0 }: CitationChipProps) {
  const sources = useSources();
  const check = checkOf(useCitationChecks(), n, occurrence);
  const unverified = check !== undefined && !check.verified;
  const cardId = useId();
  const preview = useHoverPreview();
  const [sheetOpen, setSheetOpen] = useState(false);
  const touch = useRef(false);
  const source = sources[n - 1];
  // A passage of the person's file opens in its document chat, in the app; its preview is the
  // passage's own text (asked for once the preview opens).
  const document = source ? documentLinkOf(source.url) : null;
  const passage = usePassageText(document, preview.anchor !== null);
  if (!source) return <>{`[${n}]`}</>;

  // A local source (the knowledge base, the user's files) is a page of this Nexus: "/blog/…".
  const link = toSafeSourceUrl(source.url, window.location.origin);
  const label = labelSource(source);
  const name = `Source ${n}: ${source.title || source.domain || "untitled"}${unverified ? ` (${CITATION_UNVERIFIED_LABEL.toLowerCase()})` : ""}`;
  const chipClass = unverified ? UNVERIFIED_CHIP : CHIP;

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    touch.current = event.pointerType === "touch" || event.pointerType === "pen";
    if (touch.current || !link) void LazyCitationSheet.preload();
    preview.triggerProps.onPointerDown();
  };
  // Touch, or a source without a safe link: show the source here rather than navigating.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const tapped = touch.current;
    touch.current = false;
    if ((link || document) && !tapped) return;
    event.preventDefault();
    preview.close();
    setSheetOpen(true);
  };
  const onSheetOpenChange = (open: boolean) => {
    // The focus returns to the chip: that is no reason to preview it again.
    if (!open) preview.ignoreNextFocus();
    setSheetOpen(open);
  };
  const common = {
    "data-citation": n,
    "data-verified": check ? String(check.verified) : undefined,
    "aria-label": name,
    "aria-describedby": preview.anchor ? cardId : undefined,
    ...preview.triggerProps,
    onPointerDown,
    onClick,
  };

  return (
    <>
      {document && link ? (
        <Link to={document.path} className={chipClass} {...common}>
          {n}
          {unverified ? <span aria-hidden="true">?</span> : null}
        </Link>
      ) : link ? (
        <a
          href={link.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className={chipClass}
          {...common}
        >
          {n}
          {unverified ? <span aria-hidden="true">?</span> : null}
        </a>
      ) : (
        <button type="button" className={clsx(chipClass, "cursor-default")} {...common}>
          {n}
          {unverified ? <span aria-hidden="true">?</span> : null}
        </button>
      )}
      {preview.anchor ? (
        <FloatingCard
          anchor={preview.anchor}
          id={cardId}
          testId="citation-preview"
          {...preview.cardProps}
        >
          <SourcePreview
            source={passage ? { ...source, snippet: passage } : source}
            label={label}
            number={n}
          />
          {check ? <CitationMark check={check} /> : null}
        </FloatingCard>
      ) : null}
      {sheetOpen ? (
        <Suspense fallback={null}>
          <LazyCitationSheet
            source={source}
            label={label}
            number={n}
            href={link?.href ?? null}
            check={check}
            onOpenChange={onSheetOpenChange}
          />
        </Suspense>
      ) : null}
    </>
  );
}
