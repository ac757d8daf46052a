import { clsx } from "clsx";
import { CircleCheck } from "lucide-react";
import { type ElementType, type MouseEvent, useId } from "react";
import { Link } from "react-router";
import { FloatingCard } from "@/components/chat/floating-card.tsx";
import { useHoverPreview } from "@/components/chat/use-hover-preview.ts";
import { documentLinkOf, usePassageText } from "@/lib/chat/document-link.ts";
import { isUnlinkedFile, type ShownSource } from "@/lib/chat/file-sources.ts";
import type { SourceLabel } from "@/lib/chat/source-label.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { useCitationPanel } from "./citation/citation-panel-context.ts";
import { splitFileTitle, withQuote } from "./citation/resolve-citation.ts";
import { useCitationChecks } from "./markdown/sources-context.ts";
import { SourceIcon } from "./source-icon.tsx";
import { SourcePreview } from "./source-preview.tsx";

export { Favicon, SourceIcon, siteInitial } from "./source-icon.tsx";

/** Only http(s) images are loaded; anything else shows the globe. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Where a source links: an http(s) address, or a page of this Nexus (local sources: "/blog/…"). */
export function sourceHref(url: string): string | undefined {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  return isHttpUrl(url) ? url : undefined;
}

/** Where a file passage is, at the end of its title: kept whole ("p. 12", "slide 4", "rows 2–40"). */
const FILE_PLACE = /, (p\. \d+|slide \d+|rows? \d+(?:–\d+)?)$/;
/** A file name, optionally followed by its place: "annual_report.pdf", "notes.docx, Methods". */
const FILE_NAME = /^[^,\n]+?\.[\p{L}\d]{1,8}(?=, |$)/u;
/** A word of a file name longer than this gets break opportunities inside it. */
const LONG_WORD = 16;

/**
 * A file name whose long words ("annual_report_2024_final.pdf") get a break opportunity (<wbr>)
 * after each "_" and "." inside them, so the name wraps between its words instead of mid-word
 * where the card ends (break-words is then only the last resort for one very long word).
 */
function FileName({ name }: { name: string }) {
  const parts = name
    .split(/(\s+)/)
    .flatMap((word) => (word.length > LONG_WORD ? word.split(/(?<=[_.])(?=[\p{L}\d])/u) : [word]));
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <span key={i}>
          {i > 0 && /[_.]$/.test(parts[i - 1] ?? "") ? <wbr /> : null}
          {part}
        </span>
      ))}
    </>
  );
}

/**
 * A card's title. A file name wraps between its words (FileName), and a file passage's place
 * ("report.pdf, p. 12", "deck.pptx, slide 4", "sales.xlsx, Sheet Q1, rows 2–40") stays whole: the
 * line may break after a comma, never inside "p. 12".
 */
export function SourceTitle({ title }: { title: string }) {
  const place = FILE_PLACE.exec(title);
  const head = place ? title.slice(0, place.index + 2) : title;
  const name = FILE_NAME.exec(head)?.[0];
  return (
    <>
      {name ? (
        <>
          <FileName name={name} />
          {head.slice(name.length)}
        </>
      ) : (
        head
      )}
      {place?.[1] ? <span className="whitespace-nowrap">{place[1]}</span> : null}
    </>
  );
}

export const plainClick = (event: MouseEvent<HTMLElement>) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Where one numbered source's passage opens, and whether a citation of it was checked: a file's
 * passage opens at its verified quote (not the whole chunk), in the viewer beside the reading
 * when the screen has one. Shared by the strip's cards and the "+N more" sheet.
 */
export function useSourcePassage(source: ShownSource, number: number) {
  const document = isUnlinkedFile(source) ? null : documentLinkOf(source.url);
  const verified = useCitationChecks()?.find((c) => c.source === number && c.verified);
  const quote = verified?.passage || null;
  // (The quote is marked inside the cited passage: a link without one opens as it is.)
  const documentHref = document
    ? withQuote(document.path, document.ordinal === null ? null : quote)
    : null;
  const panel = useCitationPanel();
  const openInPanel =
    document && panel
      ? (returnFocus: HTMLElement, beforeFocusReturn?: () => void) => {
          const { name: fileName, page } = splitFileTitle(source.title);
          panel({
            passage: {
              fileId: document.fileId,
              ordinal: document.ordinal,
              page,
              quote,
              name: fileName,
              chatHref: documentHref ?? document.path,
            },
            returnFocus,
            ...(beforeFocusReturn ? { beforeFocusReturn } : {}),
          });
        }
      : undefined;
  return { document, verified: Boolean(verified), quote, documentHref, openInPanel };
}

/**
 * One numbered source: [n] in the answer links here. A resting mouse or the keyboard previews it.
 * A file's passage opens in the viewer beside the reading when the screen has one (as its citation
 * chip does), else in its document chat; a web page opens in a new tab. A cited file that was
 * deleted since is no link (its download is gone) and says so.
 */
export function SourceCard({
  source,
  label,
  number,
}: {
  source: ShownSource;
  label: SourceLabel;
  number: number;
}) {
  const href = sourceHref(source.url);
  const preview = useHoverPreview();
  const cardId = useId();
  const section = label.section ? ` — ${label.section}` : "";
  const unlinked = isUnlinkedFile(source);
  const { document, verified, quote, documentHref, openInPanel } = useSourcePassage(source, number);
  const passage = usePassageText(document, preview.anchor !== null && quote === null);
  const snippet = quote ?? passage ?? source.snippet;
  const name = `${t("chat.source.cardName", { n: number, title: `${label.title}${section}`, site: label.site })}${verified ? `, ${t("spec.citationVerified").toLocaleLowerCase()}` : ""}`;
  const showInPanel = openInPanel
    ? (event: MouseEvent<HTMLElement>) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        preview.close();
        openInPanel(event.currentTarget, preview.ignoreNextFocus);
      }
    : undefined;
  // One element of three kinds (their props are chosen below): typed as any of them.
  const Card: ElementType = unlinked ? "div" : document ? Link : "a";
  return (
    <>
      <Card
        {...(unlinked
          ? source.fileDeleted
            ? { "data-file-deleted": "" }
            : { "data-file-private": "" }
          : document
            ? { to: documentHref, "aria-label": name, onClick: showInPanel }
            : {
                href,
                target: "_blank",
                rel: "noopener noreferrer nofollow",
                "aria-label": name,
              })}
        data-testid="source-card"
        data-source={number}
        data-verified={verified ? "true" : undefined}
        aria-describedby={preview.anchor && snippet ? cardId : undefined}
        {...preview.triggerProps}
        className={clsx(
          "flex w-full min-w-0 flex-col justify-between gap-1.5 rounded-xl border border-border bg-surface p-2.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          unlinked ? "border-dashed" : "hover:bg-surface-2",
        )}
      >
        <span className="flex min-w-0 flex-col">
          <span
            className={`${label.section && !unlinked ? "line-clamp-1" : "line-clamp-2"} text-xs font-medium break-words text-fg`}
          >
            <SourceTitle title={label.title} />
          </span>
          {label.section ? (
            <span
              className={clsx(
                "line-clamp-1 text-xs break-words",
                unlinked ? "text-muted" : "text-accent-soft-fg",
              )}
            >
              {label.section}
            </span>
          ) : null}
        </span>
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
          <SourceIcon source={source} />
          <span className="min-w-0 flex-1 truncate">{label.site}</span>
          {verified ? (
            <span className="shrink-0 text-success" data-testid="source-card-verified">
              <CircleCheck className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{t("spec.citationVerified")}</span>
            </span>
          ) : null}
          <span className="shrink-0 rounded bg-surface-2 px-1 font-medium tabular-nums text-subtle">
            {number}
          </span>
        </span>
      </Card>
      {preview.anchor && snippet ? (
        <FloatingCard
          anchor={preview.anchor}
          id={cardId}
          testId="source-preview"
          {...preview.cardProps}
        >
          <SourcePreview source={{ ...source, snippet }} label={label} />
        </FloatingCard>
      ) : null}
    </>
  );
}
