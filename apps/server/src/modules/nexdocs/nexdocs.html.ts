import type { NexdocsNode, SafeNode } from "@nexus/contracts";

/**
 * The sanitiser's tree (integrations/document-text/safe-html.ts: only SAFE_TAGS, no attribute,
 * link, image or handler) as a NexDocs document: headings, paragraphs, lists, tables, quotes, code,
 * emphasis and line breaks. Inline runs at block level are gathered into paragraphs.
 */

type Mark = { type: string };
const MARKS: Partial<Record<string, string>> = {
  strong: "bold",
  em: "italic",
  u: "underline",
  s: "strike",
  code: "code",
};
const INLINE = new Set(["strong", "em", "u", "s", "code", "sup", "sub", "br"]);

function isInline(node: SafeNode): boolean {
  return typeof node === "string" || INLINE.has(node.tag);
}

function textOf(node: SafeNode): string {
  return typeof node === "string" ? node : node.children.map(textOf).join("");
}

function inlines(nodes: readonly SafeNode[], marks: readonly Mark[] = []): NexdocsNode[] {
  const out: NexdocsNode[] = [];
  for (const node of nodes) {
    if (typeof node === "string") {
      const text = node.replace(/\s+/g, " ");
      if (text) out.push({ type: "text", text, ...(marks.length ? { marks: [...marks] } : {}) });
    } else if (node.tag === "br") out.push({ type: "hardBreak" });
    else {
      const mark = MARKS[node.tag];
      // Inline code takes no other mark in the editor's schema.
      const next = mark === "code" ? [{ type: "code" }] : mark ? [...marks, { type: mark }] : marks;
      out.push(...inlines(node.children, next));
    }
  }
  return out;
}

function paragraph(nodes: readonly SafeNode[]): NexdocsNode | null {
  const content = inlines(nodes);
  const trimmed = content.filter(
    (n, i) =>
      !(n.type === "text" && n.text?.trim() === "" && (i === 0 || i === content.length - 1)),
  );
  return trimmed.length ? { type: "paragraph", content: trimmed } : null;
}

/** Block children: runs of inline nodes become paragraphs. */
function blocks(nodes: readonly SafeNode[]): NexdocsNode[] {
  const out: NexdocsNode[] = [];
  let run: SafeNode[] = [];
  const flush = () => {
    const p = paragraph(run);
    if (p) out.push(p);
    run = [];
  };
  for (const node of nodes) {
    if (isInline(node)) {
      run.push(node);
      continue;
    }
    flush();
    out.push(...block(node as Exclude<SafeNode, string>));
  }
  flush();
  return out;
}

function cellsOf(row: Exclude<SafeNode, string>): NexdocsNode[] {
  return row.children
    .filter(
      (c): c is Exclude<SafeNode, string> =>
        typeof c !== "string" && (c.tag === "td" || c.tag === "th"),
    )
    .map((c) => {
      const content = blocks(c.children);
      return {
        type: c.tag === "th" ? "tableHeader" : "tableCell",
        content: content.length ? content : [{ type: "paragraph" }],
      };
    });
}

function rowsOf(node: Exclude<SafeNode, string>): Exclude<SafeNode, string>[] {
  const rows: Exclude<SafeNode, string>[] = [];
  for (const child of node.children) {
    if (typeof child === "string") continue;
    if (child.tag === "tr") rows.push(child);
    else if (child.tag === "thead" || child.tag === "tbody") rows.push(...rowsOf(child));
  }
  return rows;
}

function block(node: Exclude<SafeNode, string>): NexdocsNode[] {
  switch (node.tag) {
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6": {
      const content = inlines(node.children);
      return content.length
        ? [{ type: "heading", attrs: { level: Number(node.tag.slice(1)) }, content }]
        : [];
    }
    case "p":
      return [paragraph(node.children)].filter((p): p is NexdocsNode => p !== null);
    case "ul":
    case "ol": {
      const items = node.children
        .filter((c): c is Exclude<SafeNode, string> => typeof c !== "string" && c.tag === "li")
        .map((li) => {
          const content = blocks(li.children);
          return { type: "listItem", content: content.length ? content : [{ type: "paragraph" }] };
        });
      return items.length
        ? [{ type: node.tag === "ul" ? "bulletList" : "orderedList", content: items }]
        : [];
    }
    case "table": {
      const rows = rowsOf(node)
        .map((r) => ({ type: "tableRow", content: cellsOf(r) }))
        .filter((r) => r.content.length > 0);
      return rows.length ? [{ type: "table", content: rows }] : [];
    }
    case "blockquote": {
      const content = blocks(node.children);
      return content.length ? [{ type: "blockquote", content }] : [];
    }
    case "pre": {
      const text = textOf(node).replace(/\n$/, "");
      return [
        {
          type: "codeBlock",
          attrs: { language: null },
          ...(text ? { content: [{ type: "text", text }] } : {}),
        },
      ];
    }
    case "hr":
      return [{ type: "horizontalRule" }];
    default:
      return blocks(node.children);
  }
}

export function safeNodesToDoc(nodes: readonly SafeNode[]): NexdocsNode {
  const content = blocks(nodes);
  return { type: "doc", content: content.length ? content : [{ type: "paragraph" }] };
}
