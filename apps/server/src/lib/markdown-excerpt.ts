/**
 * The start of a markdown answer as plain text (meta descriptions, admin snapshots): no markup,
 * no citation markers, no code fences, whitespace collapsed, cut at a word boundary with "…".
 */
export function markdownExcerpt(markdown: string, maxChars: number): string {
  const text = tablesAsText(markdown.slice(0, maxChars * 8))
    .replace(/```[^\n]*\n?/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, "$1")
    .replace(/[ \t]*\[\d+(?:\s*,\s*\d+)*\]/g, "")
    .replace(/<[^>]*>/g, " ")
    // A heading or a list item ends its sentence ("Steps. Search finds pages. Read them.").
    .replace(/^\s{0,3}(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)(.*?)[ \t]*$/gm, (_, item: string) =>
      /[.!?:;,…]$/.test(item) || item === "" ? item : `${item}.`,
    )
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/\$\$|\*\*|__|~~|[*_`]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return truncateText(text, maxChars);
}

/** A GFM table's separator row (`| --- | :-: |`). */
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * GFM tables as sentences: the separator row goes, each row becomes its cells joined by commas
 * and ended with a full stop ("| Search | Finds pages |" → "Search, Finds pages.").
 */
function tablesAsText(markdown: string): string {
  return markdown
    .split("\n")
    .flatMap((line) => {
      if (TABLE_SEPARATOR.test(line)) return [];
      const trimmed = line.trim();
      if (!trimmed.startsWith("|") || !trimmed.endsWith("|") || trimmed.length < 2) return [line];
      const cells = trimmed
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim())
        .filter((cell) => cell !== "");
      return cells.length > 0 ? [`${cells.join(", ").replace(/[.,;:]$/, "")}.`] : [];
    })
    .join("\n");
}

/** `text` cut to at most `maxChars` characters, at a word boundary when there is one, with "…". */
export function truncateText(text: string, maxChars: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  const cut = chars.slice(0, maxChars - 1).join("");
  // Keep the last word only when it ends right at the cut.
  const space = chars[maxChars - 1] === " " ? cut.length : cut.lastIndexOf(" ");
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
