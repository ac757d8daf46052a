/**
 * NexDocs' citation chip (issue 40): the one definition of its node — name, attributes and Markdown
 * form — that the server's schema (apps/server/src/modules/nexdocs/nexdocs.markdown.ts) and the
 * web's editor (apps/web/src/features/nexdocs/editor/citation.ts) both build their Tiptap node
 * from. Framework-free (no Tiptap, no zod): the hooks are typed by the shapes they read.
 *
 * In Markdown a chip is `[cite](nexdocs:cite?title=…&url=…&file=…&page=…)`, its source
 * form-encoded (no bracket, parenthesis or space survives the encoding, so the form is unambiguous
 * whatever the title holds).
 */

export const NEXDOCS_CITATION_NODE = "citation";

export const NEXDOCS_CITATION_ATTRS = ["title", "url", "file", "page"] as const;
export type NexdocsCitationAttr = (typeof NEXDOCS_CITATION_ATTRS)[number];

/** A chip's source: its title, and an http(s) address or a file (with a page). */
export interface NexdocsCitationAttrs {
  title: string;
  url: string | null;
  file: string | null;
  page: string | number | null;
}

/** The node's attributes as Tiptap declares them (`addAttributes`). */
export function citationAttributes(): Record<NexdocsCitationAttr, { default: string | null }> {
  return {
    title: { default: "" },
    url: { default: null },
    file: { default: null },
    page: { default: null },
  };
}

const PREFIX = "[cite](nexdocs:cite?";
const CITE = /^\[cite\]\(nexdocs:cite\?([^)\s]*)\)/;
const ANY_CITE = /\[cite\]\(nexdocs:cite\?[^)\s]*\)/g;

/** A chip's Markdown (empty and missing attributes left out). */
export function citationMarkdown(attrs: Partial<Record<NexdocsCitationAttr, unknown>>): string {
  const params = new URLSearchParams();
  for (const key of NEXDOCS_CITATION_ATTRS) {
    const value = attrs[key];
    if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  }
  return `${PREFIX}${params.toString()})`;
}

/** A chip's attributes from its Markdown's query (`title=…&url=…`). */
export function citationFromQuery(query: string): NexdocsCitationAttrs {
  const params = new URLSearchParams(query);
  return {
    title: params.get("title") ?? "",
    url: params.get("url"),
    file: params.get("file"),
    page: params.get("page"),
  };
}

/** Text with its chips' Markdown taken out (a list row's excerpt). */
export function withoutCitations(markdown: string): string {
  return markdown.replace(ANY_CITE, "");
}

/**
 * The node's Markdown hooks for `@tiptap/markdown` (a node's `markdownTokenizer`,
 * `parseMarkdown`, `renderMarkdown`): spread into the node on both sides.
 */
export const citationMarkdownHooks = {
  markdownTokenizer: {
    name: NEXDOCS_CITATION_NODE,
    level: "inline" as const,
    start: (src: string) => src.indexOf(PREFIX),
    tokenize: (src: string) => {
      const match = CITE.exec(src);
      if (!match) return undefined;
      return { type: NEXDOCS_CITATION_NODE, raw: match[0], query: match[1] ?? "" };
    },
  },
  parseMarkdown: (token: Readonly<Record<string, unknown>>) => ({
    type: NEXDOCS_CITATION_NODE,
    attrs: citationFromQuery(typeof token.query === "string" ? token.query : ""),
  }),
  renderMarkdown: (node: { attrs?: Record<string, unknown> }) => citationMarkdown(node.attrs ?? {}),
};
