import type { Nodes, Parent, PhrasingContent, Root, RootContent, Text } from "mdast";

/**
 * remark plugin: `[n]` (1 ≤ n ≤ count) becomes a citation node, rendered as `<cite
 * data-citation="n">` and mapped to a chip by the renderer. Handles adjacent `[1][2]` and grouped
 * `[1, 2]` / `[1,2,3]` (one citation per number). A group with any out-of-range number stays text.
 *
 * Works on the syntax tree, so code (inline or fenced), math and existing links are never touched:
 * their contents are not `text` nodes or are skipped. A shortcut reference `[1]` whose definition
 * `[1]: https://…` the model also wrote is treated as a citation too.
 */
export interface RemarkCitationsOptions {
  /** How many sources there are; `[n]` is a citation only when 1 ≤ n ≤ count. */
  count: number;
}

/** The hast tag name citation nodes become (nothing else in rendered markdown produces it). */
export const CITATION_TAG = "cite";

const GROUP = /\[(\d{1,4}(?:[ \t]*,[ \t]*\d{1,4})*)\]/g;
const LABEL = /^\d{1,4}(?:[ \t]*,[ \t]*\d{1,4})*$/;

function parseGroup(inner: string, count: number): number[] | null {
  const numbers = inner.split(",").map((part) => Number.parseInt(part.trim(), 10));
  return numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= count) ? numbers : null;
}

function citation(n: number): Text {
  return {
    type: "text",
    value: String(n),
    data: { hName: CITATION_TAG, hProperties: { dataCitation: n } },
  };
}

function splitText(node: Text, count: number): PhrasingContent[] | null {
  const value = node.value;
  if (!value.includes("[")) return null;
  const out: PhrasingContent[] = [];
  let last = 0;
  let changed = false;
  for (const match of value.matchAll(GROUP)) {
    const numbers = parseGroup(match[1] ?? "", count);
    if (!numbers) continue;
    const start = match.index;
    if (start > last) out.push({ type: "text", value: value.slice(last, start) });
    for (const n of numbers) out.push(citation(n));
    last = start + match[0].length;
    changed = true;
  }
  if (!changed) return null;
  if (last < value.length) out.push({ type: "text", value: value.slice(last) });
  return out;
}

function textOf(node: Nodes): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return node.children.map((child) => textOf(child)).join("");
  return "";
}

function isParent(node: Nodes): node is Nodes & Parent {
  return "children" in node && Array.isArray(node.children);
}

function transform(parent: Parent, count: number): void {
  const next: RootContent[] = [];
  let changed = false;
  for (const child of parent.children) {
    if (child.type === "text") {
      const replaced = splitText(child, count);
      if (replaced) {
        next.push(...replaced);
        changed = true;
        continue;
      }
    } else if (child.type === "linkReference") {
      const label = textOf(child).trim();
      const numbers =
        child.referenceType === "shortcut" && LABEL.test(label) ? parseGroup(label, count) : null;
      if (numbers) {
        next.push(...numbers.map(citation));
        changed = true;
        continue;
      }
      // Any other reference link: leave its text alone.
    } else if (child.type !== "link" && isParent(child)) {
      transform(child, count);
    }
    next.push(child);
  }
  if (changed) parent.children = next;
}

export function remarkCitations(options: RemarkCitationsOptions) {
  const count = Math.max(0, Math.floor(options.count));
  return (tree: Root): undefined => {
    if (count === 0) return;
    transform(tree, count);
  };
}
