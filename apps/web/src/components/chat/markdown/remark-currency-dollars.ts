import type { Parent, Root, RootContent } from "mdast";
import type { VFile } from "vfile";

/**
 * remark plugin (after remark-math): answers talk about money far more often than they use inline
 * math, and "costs $5 and $10" must not become math. Inline math is kept only when it follows the
 * Pandoc rule: the opening `$` is followed by a non-space, the closing `$` is preceded by a
 * non-space and not followed by a digit. Otherwise the source text is restored verbatim.
 */
const SPACE = /\s/;
const DIGIT = /\d/;

function transform(parent: Parent, source: string): void {
  parent.children = parent.children.map((child): RootContent => {
    if (child.type === "inlineMath") {
      const start = child.position?.start.offset;
      const end = child.position?.end.offset;
      if (start === undefined || end === undefined) return child;
      const raw = source.slice(start, end);
      const fence = /^\$+/.exec(raw)?.[0].length ?? 1;
      const inner = raw.slice(fence, raw.length - fence);
      const after = source.charAt(end);
      const looksLikeMoney =
        inner.length === 0 ||
        SPACE.test(inner.charAt(0)) ||
        SPACE.test(inner.charAt(inner.length - 1)) ||
        DIGIT.test(after);
      return looksLikeMoney ? { type: "text", value: raw } : child;
    }
    if ("children" in child && Array.isArray(child.children)) transform(child, source);
    return child;
  });
}

export function remarkCurrencyDollars() {
  return (tree: Root, file: VFile): undefined => {
    transform(tree, String(file.value ?? ""));
  };
}
