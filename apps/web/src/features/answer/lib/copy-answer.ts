import type { AnswerSource } from "@nexus/contracts";
import { toSafeSourceUrl } from "@/lib/chat/safe-url.ts";

/** An answer as the clipboard receives it: each flavour carries the numbered sources. */
export interface CopiedAnswer {
  /** The answer's markdown, then "Sources:" and "[1] Title — URL" lines. */
  plain: string;
  /** The answer's markdown, then a numbered list of Markdown links. */
  markdown: string;
  /** The rendered answer (chips as linked [n]), then an ordered list of links. */
  html: string;
}

interface NumberedSource {
  n: number;
  title: string;
  url: string | null;
}

function numbered(sources: readonly AnswerSource[], origin: string): NumberedSource[] {
  return sources.map((source, index) => ({
    n: index + 1,
    title: source.title.trim() || source.domain || "Untitled",
    // A page of this Nexus ("/blog/…") becomes an absolute link; an unsafe one is left out.
    url: toSafeSourceUrl(source.url, origin)?.href ?? null,
  }));
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const escapeMarkdownText = (text: string): string => text.replace(/([\\[\]])/g, "\\$1");

/** Parentheses and spaces would end a Markdown link target early. */
const markdownUrl = (url: string): string =>
  url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The "[n] Title — URL" lines after a plain-text answer. */
export function plainSourceList(sources: readonly AnswerSource[], origin: string): string {
  return numbered(sources, origin)
    .map(({ n, title, url }) => (url ? `[${n}] ${title} — ${url}` : `[${n}] ${title}`))
    .join("\n");
}

/** "1. [Title](URL)" lines: the [n] markers of the answer point at these numbers. */
export function markdownSourceList(sources: readonly AnswerSource[], origin: string): string {
  return numbered(sources, origin)
    .map(({ n, title, url }) =>
      url
        ? `${n}. [${escapeMarkdownText(title)}](${markdownUrl(url)})`
        : `${n}. ${escapeMarkdownText(title)}`,
    )
    .join("\n");
}

/** An ordered list of the sources, for rich-text editors. */
export function htmlSourceList(sources: readonly AnswerSource[], origin: string): string {
  const items = numbered(sources, origin).map(({ title, url }) =>
    url
      ? `<li><a href="${escapeHtml(url)}">${escapeHtml(title)}</a></li>`
      : `<li>${escapeHtml(title)}</li>`,
  );
  return `<ol>${items.join("")}</ol>`;
}

/**
 * The rendered answer as HTML for the clipboard: a copy of its DOM without buttons, icons and
 * other hidden parts, each citation chip written as a linked "[n]", no classes or data attributes.
 */
export function answerHtmlFromDom(
  root: Element,
  sources: readonly AnswerSource[],
  origin: string,
): string {
  const copy = root.cloneNode(true) as Element;
  const byNumber = new Map(numbered(sources, origin).map((source) => [source.n, source]));
  for (const chip of copy.querySelectorAll("[data-citation]")) {
    const source = byNumber.get(Number(chip.getAttribute("data-citation")));
    const doc = chip.ownerDocument;
    const marker = doc.createElement(source?.url ? "a" : "span");
    if (source?.url) marker.setAttribute("href", source.url);
    marker.textContent = `[${chip.getAttribute("data-citation") ?? ""}]`;
    chip.replaceWith(marker);
  }
  for (const node of copy.querySelectorAll("button, svg, [aria-hidden='true'], [role='tooltip']"))
    node.remove();
  for (const element of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of element.getAttributeNames()) {
      if (name === "class" || name === "style" || name.startsWith("data-") || name === "id")
        element.removeAttribute(name);
    }
  }
  return copy.innerHTML;
}

/** The answer with its sources, in every flavour the clipboard gets. */
export function formatAnswerForCopy(options: {
  markdown: string;
  sources: readonly AnswerSource[];
  origin: string;
  /** The rendered answer's HTML; without it, the markdown as preformatted text. */
  html?: string | null;
}): CopiedAnswer {
  const { markdown, sources, origin } = options;
  const body = markdown.trimEnd();
  const html = options.html ?? `<pre>${escapeHtml(body)}</pre>`;
  if (sources.length === 0) return { plain: body, markdown: body, html };
  return {
    plain: `${body}\n\nSources:\n${plainSourceList(sources, origin)}`,
    markdown: `${body}\n\n**Sources**\n\n${markdownSourceList(sources, origin)}`,
    html: `${html}<p><strong>Sources</strong></p>${htmlSourceList(sources, origin)}`,
  };
}
