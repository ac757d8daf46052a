import type { DocumentText, PageRange, SafeNode } from "@nexus/contracts";
import { SAFE_TAGS } from "@nexus/contracts";
import { clsx } from "clsx";
import { createElement, type ReactNode } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { overlaps } from "../lib/office-view.ts";

/**
 * A DOCX (or any file with a sanitised tree) as formatted text (issue 41): headings, lists and
 * tables as React elements from data, never an HTML string. A citation marks the characters or
 * rows its ranges cover in the one highlight style (`doc-highlight`). Text blocks take their
 * direction from their own text (`dir="auto"`): an Arabic paragraph in an English file, and the
 * reverse, read the right way; spacing and borders are logical, so lists indent from the start.
 */

type Page = DocumentText["pages"][number];

const SAFE = new Set<string>(SAFE_TAGS);
const CLASSES: Partial<Record<string, string>> = {
  h1: "mt-5 mb-2 text-2xl font-semibold",
  h2: "mt-5 mb-2 text-xl font-semibold",
  h3: "mt-4 mb-2 text-lg font-semibold",
  h4: "mt-4 mb-1.5 text-base font-semibold",
  h5: "mt-3 mb-1 text-sm font-semibold",
  h6: "mt-3 mb-1 text-sm font-semibold text-muted",
  p: "my-2",
  ul: "my-2 list-disc ps-6",
  ol: "my-2 list-decimal ps-6",
  li: "my-0.5",
  table: "my-3 w-full border-collapse text-sm",
  th: "border border-border bg-surface-2 px-2 py-1 text-start align-top font-semibold",
  td: "border border-border px-2 py-1 align-top",
  blockquote: "my-3 border-s-4 border-border ps-3 text-muted",
  pre: "my-3 overflow-x-auto rounded-md bg-surface-2 p-3 font-mono text-xs",
  code: "font-mono text-[0.9em]",
  hr: "my-4 border-border",
};

/** Blocks whose direction follows their own text. */
const AUTO_DIR = new Set(["p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "blockquote"]);

const WS = /[ \t\f\v\u00a0\r\n]+/g;

/**
 * A located block's text with the cited characters marked (the block's [s, e) is its text with
 * whitespace collapsed, as the page text has it): `at` walks that text across the block's strings.
 */
function markedText(
  text: string,
  at: { pos: number; space: boolean },
  ranges: readonly PageRange[],
): ReactNode {
  let collapsed = text.replace(WS, " ");
  if (at.space && collapsed.startsWith(" ")) collapsed = collapsed.slice(1);
  if (!collapsed) return null;
  const from = at.pos;
  const to = from + collapsed.length;
  at.pos = to;
  at.space = collapsed.endsWith(" ");
  const cuts = ranges
    .map((r) => [Math.max(r.start, from), Math.min(r.end, to)] as const)
    .filter(([a, b]) => a < b)
    .sort((a, b) => a[0] - b[0]);
  if (cuts.length === 0) return collapsed;
  const out: ReactNode[] = [];
  let cursor = from;
  for (const [a, b] of cuts) {
    if (a < cursor) continue;
    if (a > cursor) out.push(collapsed.slice(cursor - from, a - from));
    out.push(
      <mark key={a} className="doc-highlight doc-highlight-text rounded-sm">
        {collapsed.slice(a - from, b - from)}
      </mark>,
    );
    cursor = b;
  }
  if (cursor < to) out.push(collapsed.slice(cursor - from));
  return out;
}

/** A sanitised node as a React element (tags re-checked against SAFE_TAGS; nothing else kept). */
export function safeElement(
  node: SafeNode,
  key: number,
  ranges: readonly PageRange[],
  at: { pos: number; space: boolean } | null = null,
): ReactNode {
  if (typeof node === "string") return at ? markedText(node, at, ranges) : node;
  if (!SAFE.has(node.tag)) return null;
  // A located block a citation covers: its cited characters are marked, in its own text.
  let inner = at;
  const cited =
    !at && node.s !== undefined && node.e !== undefined && overlaps(node.s, node.e, ranges);
  // A table row's text joins its cells with " | ": the row is marked whole.
  if (cited && node.tag !== "tr") inner = { pos: node.s ?? 0, space: true };
  const props: Record<string, unknown> = {
    key,
    className: clsx(
      CLASSES[node.tag],
      cited && node.tag === "tr" && "doc-highlight doc-highlight-text",
    ),
  };
  if (AUTO_DIR.has(node.tag)) props.dir = "auto";
  if (node.span && (node.tag === "td" || node.tag === "th")) {
    props.colSpan = node.span[0];
    props.rowSpan = node.span[1];
  }
  if (node.tag === "br" || node.tag === "hr") return createElement(node.tag, props);
  const child = (c: SafeNode, i: number) => safeElement(c, i, ranges, inner);
  // A table needs its rows in a tbody (React warns about <tr> directly in <table>).
  const children =
    node.tag === "table" && node.children.some((c) => typeof c !== "string" && c.tag === "tr")
      ? [createElement("tbody", { key: 0 }, node.children.map(child))]
      : node.children.map(child);
  return createElement(node.tag, props, ...children);
}

export function FormattedPage({
  page,
  nodes,
  ranges,
}: {
  page: Page;
  nodes: readonly SafeNode[];
  ranges: readonly PageRange[];
}) {
  const t = useT();
  return (
    <article
      aria-label={page.label === "Text" ? t("documents.tab.document") : page.label}
      className="mx-auto mb-6 max-w-3xl rounded-xl border border-border bg-surface p-6 text-sm leading-relaxed break-words text-fg shadow-xs"
      data-testid="formatted-document"
    >
      {nodes.map((n, i) => safeElement(n, i, ranges))}
    </article>
  );
}
