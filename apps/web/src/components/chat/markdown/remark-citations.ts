import type { Nodes, Parent, PhrasingContent, Root, RootContent, Text } from "mdast";

/**
 * remark plugin: `[n]` (1 ≤ n ≤ count) becomes a citation node, rendered as `<cite
 * data-citation="n">` and mapped to a chip by the renderer. Handles adjacent `[1][2]` and grouped
 * `[1, 2]` / `[1,2,3]` (one citation per number). A group with any out-of-range number stays text.
 *
 * Works on the syntax tree, so code (inline or fenced), math and existing links are never touched:
 * their contents are not `text` nodes or are skipped. A shortcut reference `[1]` whose definition
 * `[1]: https://…` the model also wrote is treated as a citation too.
 *
 * Identical citations next to each other (`[1][1]`, `[1, 1]`, `[2] [1] [2]`) become one chip: a
 * number already in a run of adjacent citations (only spaces between them) is dropped.
 */
export interface RemarkCitationsOptions {
  /** How many sources there are; `[n]` is a citation only when 1 ≤ n ≤ count. */
  count: number;
  /**
   * How many chips of each source the text before this block has: each chip's `dataOccurrence`
   * counts on from there (chip k of source n shows check k of n: citationRuns counts the same).
   */
  starts?: ReadonlyMap<number, number>;
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

function citationNumber(node: RootContent): number | null {
  if (node.type !== "text" || node.data?.hName !== CITATION_TAG) return null;
  const n = Number(node.data.hProperties?.dataCitation);
  return Number.isInteger(n) ? n : null;
}

const isSpace = (node: RootContent): boolean => node.type === "text" && /^[ \t]*$/.test(node.value);

/** Drops repeated numbers inside runs of adjacent citations (with the spaces before them). */
export function mergeAdjacentCitations(children: readonly RootContent[]): RootContent[] | null {
  const out: RootContent[] = [];
  const run = new Set<number>();
  let space: RootContent | null = null;
  let changed = false;
  for (const child of children) {
    const n = citationNumber(child);
    if (n !== null) {
      if (run.has(n)) {
        changed = true;
        space = null;
        continue;
      }
      if (space) out.push(space);
      space = null;
      run.add(n);
      out.push(child);
    } else if (run.size > 0 && space === null && isSpace(child)) {
      space = child;
    } else {
      if (space) out.push(space);
      space = null;
      run.clear();
      out.push(child);
    }
  }
  if (space) out.push(space);
  return changed ? out : null;
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
  const children = changed ? next : parent.children;
  parent.children = mergeAdjacentCitations(children) ?? children;
}

/** Numbers each source's chips in document order, from `starts`. */
function numberOccurrences(node: Nodes, seen: Map<number, number>): void {
  if (!isParent(node)) return;
  for (const child of node.children) {
    const n = citationNumber(child);
    if (n !== null && child.type === "text" && child.data?.hProperties) {
      const k = seen.get(n) ?? 0;
      seen.set(n, k + 1);
      child.data.hProperties.dataOccurrence = k;
    } else numberOccurrences(child, seen);
  }
}

export function remarkCitations(options: RemarkCitationsOptions) {
  const count = Math.max(0, Math.floor(options.count));
  return (tree: Root): undefined => {
    if (count === 0) return;
    transform(tree, count);
    numberOccurrences(tree, new Map(options.starts));
  };
}
