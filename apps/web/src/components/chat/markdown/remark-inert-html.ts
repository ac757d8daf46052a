import type { Parent, Root, RootContent } from "mdast";

/**
 * remark plugin: raw HTML in the markdown never becomes elements. A lone `<br>` (models put them
 * in table cells) becomes a markdown line break; every other HTML fragment is kept as inert,
 * visible text (block-level HTML as its own paragraph). This runs before anything else sees the
 * tree, so no later step can turn it into markup; react-markdown's own `raw` → text fallback is a
 * second line of defence behind it.
 */
const LINE_BREAK = /^<br\s*\/?>$/i;

function transform(parent: Parent, isRoot: boolean): void {
  parent.children = parent.children.map((child): RootContent => {
    if (child.type === "html") {
      if (LINE_BREAK.test(child.value.trim())) return { type: "break" };
      const text = { type: "text" as const, value: child.value };
      const flow = isRoot || parent.type === "blockquote" || parent.type === "listItem";
      return flow ? { type: "paragraph", children: [text] } : text;
    }
    if ("children" in child && Array.isArray(child.children)) transform(child, false);
    return child;
  });
}

export function remarkInertHtml() {
  return (tree: Root): undefined => {
    transform(tree, true);
  };
}
