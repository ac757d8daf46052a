/**
 * A streaming answer re-rendered whole on every update costs a full markdown parse per update
 * (a long answer on a slow phone stalls). Split into top-level blocks, each rendered and memoised
 * on its own, only the last (growing) block is parsed again. A split is made only where the parts
 * parse exactly as in the whole: at a blank line outside fenced code and $$ math, and never
 * before a line that continues a list or an indented block. Reference-style link definitions and
 * footnotes refer across blocks: such text stays one block.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MATH_FENCE = /^ {0,3}\$\$/;
const ONE_LINE_MATH = /^ {0,3}\$\$.+\$\$\s*$/;
const CONTINUES = /^(?: {2,}|\t| {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)| {0,3}>)/;
const CROSS_REFERENCES = /^ {0,3}\[[^\]\n]+\]:|\[\^[^\]\n]+\]/m;

export function markdownBlocks(markdown: string): string[] {
  if (CROSS_REFERENCES.test(markdown)) return [markdown];
  const lines = markdown.split("\n");
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let math = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (fence !== null) {
      const close = FENCE.exec(line)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length && line.trim() === close)
        fence = null;
    } else if (math) {
      if (MATH_FENCE.test(line)) math = false;
    } else {
      const open = FENCE.exec(line)?.[1];
      if (open) fence = open;
      else if (MATH_FENCE.test(line) && !ONE_LINE_MATH.test(line)) math = true;
      else if (line.trim() === "" && current.some((l) => l.trim() !== "")) {
        let j = i + 1;
        while (j < lines.length && (lines[j] ?? "").trim() === "") j++;
        const next = lines[j];
        if (next !== undefined && !CONTINUES.test(next)) {
          blocks.push(current.join("\n"));
          current = [];
          continue;
        }
      }
    }
    current.push(line);
  }
  if (current.length > 0) blocks.push(current.join("\n"));
  return blocks;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-+[ \t]*$/;

/** The highest (smallest) heading level in the markdown, outside code; null when it has none. */
export function highestHeading(markdown: string): number | null {
  let best: number | null = null;
  let fence: string | null = null;
  let previous = "";
  for (const line of markdown.split("\n")) {
    if (fence !== null) {
      const close = FENCE.exec(line)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length) fence = null;
      previous = "";
      continue;
    }
    const open = FENCE.exec(line)?.[1];
    if (open) {
      fence = open;
      previous = "";
      continue;
    }
    const atx = ATX.exec(line)?.[1];
    let level: number | null = atx ? atx.length : null;
    const paragraph = previous.trim() !== "" && !ATX.test(previous) && !CONTINUES.test(previous);
    if (level === null && paragraph && SETEXT_1.test(line)) level = 1;
    if (level === null && paragraph && SETEXT_2.test(line)) level = 2;
    if (level !== null) best = best === null ? level : Math.min(best, level);
    previous = line;
  }
  return best;
}
