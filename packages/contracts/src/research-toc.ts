/**
 * A research report's table of contents, read from its Markdown: the report screen lists it beside
 * the report (apps/web research-report.tsx), the server's first view of the report before the app
 * (apps/server first-view.research.ts).
 */

export interface TocEntry {
  /** The heading's place among all the report's headings (the DOM's order too). */
  index: number;
  /** 1 for the report's highest heading level, 2 for the one below. */
  level: number;
  text: string;
}

/** Inline Markdown a heading may hold, as plain text ("**Cost** [3]" → "Cost"). */
function plainHeading(text: string): string {
  return text
    .replace(/\s*\[\d+\]/g, "")
    .replace(/[*_`~]/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim();
}

/**
 * The report's table of contents: its headings outside code fences, of its highest two levels;
 * `index` counts every heading, so it finds the heading in the rendered report.
 */
export function reportToc(markdown: string): TocEntry[] {
  const entries: TocEntry[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const match = /^ {0,3}(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match?.[1] || !match[2]) continue;
    entries.push({ index: entries.length, level: match[1].length, text: plainHeading(match[2]) });
  }
  const top = Math.min(...entries.map((entry) => entry.level));
  return entries
    .filter((entry) => entry.level <= top + 1)
    .map((entry) => ({ ...entry, level: entry.level - top + 1 }));
}
