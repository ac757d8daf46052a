import type { Element, Root, RootContent } from "hast";

const HEADING = /^h([1-6])$/;

/**
 * Moves an answer's headings under the heading of its turn: the answer's highest heading becomes
 * `base` (h2 below the first question's h1, h3 below a follow-up's h2) and the rest keep their
 * distance from it, at most h6. A model writing "###" right under the question, or "#", no longer
 * breaks the page's outline.
 */
export function rehypeHeadingBase(options: {
  base: number;
  /** The highest level of the whole answer when this tree is one block of it (markdown-blocks). */
  from?: number | null;
}) {
  return (tree: Root) => {
    const headings: Array<{ element: Element; level: number }> = [];
    const walk = (nodes: RootContent[]) => {
      for (const node of nodes) {
        if (node.type !== "element") continue;
        const level = HEADING.exec(node.tagName)?.[1];
        if (level) headings.push({ element: node, level: Number(level) });
        else walk(node.children);
      }
    };
    walk(tree.children);
    if (headings.length === 0) return;
    const highest = options.from ?? Math.min(...headings.map((h) => h.level));
    const shift = options.base - highest;
    for (const { element, level } of headings)
      element.tagName = `h${Math.min(6, Math.max(1, level + shift))}`;
  };
}
