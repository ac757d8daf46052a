import { clsx } from "clsx";
import {
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  Suspense,
  useId,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { FloatingCard } from "@/components/chat/floating-card.tsx";
import { useHoverPreview } from "@/components/chat/use-hover-preview.ts";
import { usePassageText } from "@/lib/chat/document-link.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { CitationCardBody } from "./citation-card.tsx";
import { useCitationPanel } from "./citation-panel-context.ts";
import type { ResolvedCitation } from "./resolve-citation.ts";

const BASE =
  "mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center gap-0.5 rounded-full px-1.5 align-[0.12em] font-medium text-[0.7rem] leading-none no-underline tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent";
/** A checked (or unchecked) citation. */
const PLAIN = "bg-accent-soft text-accent-soft-fg hover:bg-accent hover:text-accent-fg";
/** A citation its source does not support: dashed, in the warning colour. */
const UNVERIFIED =
  "border border-dashed border-warning bg-warning-soft text-warning hover:bg-accent hover:text-accent-fg";

// Opened by a tap only: downloaded then (or when a finger first touches a chip), not with the reply.
const LazyCitationSheet = lazyComponent(() =>
  import("@/components/chat/citation-sheet.tsx").then((m) => m.CitationSheet),
);

/** The attributes a kind's chip carries (its test ids and data-*), beside the shared behaviour. */
export type ChipData = Record<`data-${string}`, string | number | undefined>;

export interface CitationChipViewProps {
  citation: ResolvedCitation;
  /** The chip's accessible name (else its content). */
  ariaLabel?: string | undefined;
  /** What the chip reads (default: the number, and "?" when unverified). */
  content?: ReactNode;
  /** The chip's look when the kind has its own (default: by the check). */
  className?: string | undefined;
  testId?: string | undefined;
  previewTestId: string;
  quoteTestId?: string | undefined;
  data?: ChipData;
  /** Card and sheet: the site's icon, the section, a label, the check's mark, a note. */
  icon?: ReactNode;
  section?: string | null | undefined;
  label?: ReactNode;
  mark?: ReactNode;
  sheetMark?: ReactNode;
  note?: ReactNode;
  /** Ask for the file passage's text once the card opens (a source whose snippet is short). */
  fetchPassage?: boolean;
  /** The kind handles a click itself (a document chat marks it in its own viewer). */
  onActivate?: (() => void) | undefined;
}

function plainClick(event: MouseEvent<HTMLElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The one citation chip of every reply (answer, agent reply, document chat, research report, shared
 * page). Hover or keyboard focus shows its card (kept on screen, Escape closes it); a tap (touch)
 * opens the card as a sheet; a click opens a file's passage in the viewer beside the reading when
 * the screen has one, else follows the link (a web page in a new tab).
 */
export function CitationChipView(props: CitationChipViewProps) {
  const { citation, onActivate } = props;
  const cardId = useId();
  const preview = useHoverPreview();
  const panel = useCitationPanel();
  const [sheetOpen, setSheetOpen] = useState(false);
  const touch = useRef(false);
  const chip = useRef<HTMLElement | null>(null);
  const file = citation.file;
  const fetched = usePassageText(
    props.fetchPassage && file && file.ordinal !== null && !file.quote
      ? { path: file.chatHref, fileId: file.fileId, ordinal: file.ordinal }
      : null,
    preview.anchor !== null || sheetOpen,
  );
  const showFile =
    file && panel && !onActivate
      ? (returnFocus: HTMLElement) => {
          preview.close();
          panel({
            passage: file,
            returnFocus,
            beforeFocusReturn: preview.ignoreNextFocus,
          });
        }
      : null;

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    touch.current = event.pointerType === "touch" || event.pointerType === "pen";
    if (touch.current || !citation.link) void LazyCitationSheet.preload();
    preview.triggerProps.onPointerDown();
  };
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const tapped = touch.current;
    touch.current = false;
    if (onActivate) {
      preview.close();
      onActivate();
      return;
    }
    // Touch: the card as a sheet, rather than leaving the page.
    if (tapped || !citation.link) {
      event.preventDefault();
      preview.close();
      setSheetOpen(true);
      return;
    }
    if (showFile && plainClick(event)) {
      event.preventDefault();
      showFile(event.currentTarget);
    }
  };
  const onSheetOpenChange = (open: boolean) => {
    // The focus returns to the chip: that is no reason to preview it again.
    if (!open) preview.ignoreNextFocus();
    setSheetOpen(open);
  };

  const unverified = citation.verified === false;
  const common = {
    ...props.data,
    "data-testid": props.testId,
    "aria-label": props.ariaLabel,
    "aria-describedby": preview.anchor ? cardId : undefined,
    className: props.className ?? clsx(BASE, unverified ? UNVERIFIED : PLAIN),
    ...preview.triggerProps,
    onPointerDown,
    onClick,
    ref: (el: HTMLElement | null) => {
      chip.current = el;
    },
  };
  const content = props.content ?? (
    <>
      {citation.n}
      {unverified ? <span aria-hidden="true">?</span> : null}
    </>
  );
  const link = onActivate ? null : citation.link;

  return (
    <>
      {link?.internal ? (
        <Link to={link.href} {...common}>
          {content}
        </Link>
      ) : link ? (
        <a href={link.href} target="_blank" rel="noopener noreferrer nofollow" {...common}>
          {content}
        </a>
      ) : (
        <button
          type="button"
          {...common}
          className={clsx(common.className, !onActivate && "cursor-default")}
        >
          {content}
        </button>
      )}
      {preview.anchor ? (
        <FloatingCard
          anchor={preview.anchor}
          id={cardId}
          testId={props.previewTestId}
          {...preview.cardProps}
        >
          <CitationCardBody
            citation={citation}
            icon={props.icon}
            section={props.section}
            label={props.label}
            mark={props.mark}
            note={props.note}
            passage={fetched}
            quoteTestId={props.quoteTestId}
            linkOut
          />
        </FloatingCard>
      ) : null}
      {sheetOpen ? (
        <Suspense fallback={null}>
          <LazyCitationSheet
            citation={citation}
            icon={props.icon}
            section={props.section}
            mark={props.sheetMark ?? props.mark}
            passage={fetched}
            onShowFile={
              showFile && chip.current
                ? () => {
                    const target = chip.current;
                    onSheetOpenChange(false);
                    if (target) showFile(target);
                  }
                : undefined
            }
            onOpenChange={onSheetOpenChange}
          />
        </Suspense>
      ) : null}
    </>
  );
}
