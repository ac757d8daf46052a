import {
  citationAttributes,
  citationMarkdownHooks,
  NEXDOCS_CITATION_NODE,
  type NexdocsCitationAttrs,
} from "@nexus/contracts";
import { Node } from "@tiptap/core";

const HTTP = /^https?:\/\//i;

/**
 * A citation chip: an inline atom that keeps its source (title, URL or file + page). Its name,
 * attributes and Markdown form are the server's (contracts' nexdocs-citation.ts, one definition);
 * here it is drawn as a small chip: a link only to an http(s) address, the file and page in its
 * tooltip.
 */
export const Citation = Node.create({
  name: NEXDOCS_CITATION_NODE,
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: citationAttributes,
  ...citationMarkdownHooks,
  parseHTML() {
    return [
      {
        tag: "[data-citation]",
        getAttrs: (element) => ({
          title: element.getAttribute("data-title") ?? element.textContent ?? "",
          url: HTTP.test(element.getAttribute("href") ?? "") ? element.getAttribute("href") : null,
          file: element.getAttribute("data-file"),
          page: element.getAttribute("data-page"),
        }),
      },
    ];
  },
  renderHTML({ node }) {
    const { title, url, file, page } = node.attrs as NexdocsCitationAttrs;
    const label = title || file || url || "Source";
    const where = [file, page ? `p. ${page}` : null].filter(Boolean).join(", ");
    const common = {
      "data-citation": "",
      "data-title": title,
      ...(file ? { "data-file": file } : {}),
      ...(page ? { "data-page": String(page) } : {}),
      title: where ? `${label} — ${where}` : label,
      class: "nexdocs-citation",
    };
    return typeof url === "string" && HTTP.test(url)
      ? [
          "a",
          { ...common, href: url, target: "_blank", rel: "noopener noreferrer nofollow" },
          label,
        ]
      : ["span", common, label];
  },
  renderText({ node }) {
    return `[${String(node.attrs.title || "source")}]`;
  },
});
