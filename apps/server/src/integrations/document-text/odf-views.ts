import type { SlideBlock, ViewCell } from "@nexus/contracts";
import { attr } from "./ooxml.ts";
import { formatNumber } from "./sheet-cells.ts";
import { MAX_VIEW_COLUMNS, type SheetRow } from "./sheet-view.ts";
import type { TextBuilder } from "./text-builder.ts";
import { findAll, type XNode } from "./xml.ts";

/**
 * The office views of OpenDocument files (issue 41): an ODS table as a typed grid (as XLSX:
 * sheet-view.ts), an ODP page as slide blocks (title, paragraphs, tables, notes: as PPTX).
 * ODF keeps each cell's shown text (its text:p, already formatted by the office suite) beside its
 * typed value (office:value-type and office:value, office:date-value …): a number keeps the text
 * the file shows, a date is written as an ISO date (as XLSX dates are), so chat and viewer agree.
 */

/** Most times an empty-looking repeat is expanded (a row or cell repeated to the sheet's end). */
const MAX_REPEAT = 100;
/** Columns past this are not read (a cell far to the right would make a huge sparse row). */
const MAX_COLUMNS = MAX_VIEW_COLUMNS * 4;

type Inline = (nodes: XNode[]) => string;

const elements = (node: XNode): Exclude<XNode, string>[] =>
  typeof node === "string"
    ? []
    : node.children.filter((c): c is Exclude<XNode, string> => typeof c !== "string");

/** A cell's shown text: its paragraphs, one line each. */
function shownText(cell: XNode, inline: Inline): string {
  return elements(cell)
    .filter((c) => c.name === "p" || c.name === "h")
    .map((p) => inline(p.children))
    .join("\n")
    .trim();
}

/** "2024-01-05" or "2024-01-05T10:30:00" → "2024-01-05" or "2024-01-05 10:30:00". */
function isoDate(value: string): string | null {
  const m = /^(-?\d{4,}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!m) return null;
  const [, day, h, min, s] = m;
  if (!h || (h === "00" && min === "00" && (!s || s === "00"))) return day ?? null;
  return `${day} ${h}:${min}${s && s !== "00" ? `:${s}` : ""}`;
}

/** "PT12H30M05S" → "12:30:05" ("12:30" without seconds). */
function isoTime(value: string): string | null {
  const m = /^-?PT(\d+)H(\d+)M(\d+)(?:[.,]\d+)?S$/.exec(value);
  if (!m) return null;
  const pad = (n: string | undefined) => String(Number(n ?? 0)).padStart(2, "0");
  return `${pad(m[1])}:${pad(m[2])}${Number(m[3]) ? `:${pad(m[3])}` : ""}`;
}

/** One ODS cell, typed from office:value-type; null when it shows nothing. */
export function odsCell(cell: XNode, inline: Inline): ViewCell | null {
  const shown = shownText(cell, inline);
  const type = attr(cell, "office:value-type");
  const value = attr(cell, "office:value");
  const n = value === undefined ? Number.NaN : Number(value);
  switch (type) {
    case "float":
    case "percentage":
    case "currency": {
      if (!Number.isFinite(n)) return shown ? { v: shown, t: "s" } : null;
      const general = type === "percentage" ? formatNumber(n, "0.##%") : formatNumber(n, "General");
      return { v: shown || general, t: "n", n };
    }
    case "date": {
      const date = isoDate(attr(cell, "office:date-value") ?? "");
      return date ? { v: date, t: "d" } : shown ? { v: shown, t: "s" } : null;
    }
    case "time": {
      const time = isoTime(attr(cell, "office:time-value") ?? "");
      return time ? { v: time, t: "d" } : shown ? { v: shown, t: "s" } : null;
    }
    case "boolean": {
      const on = /^(true|1)$/i.test(attr(cell, "office:boolean-value") ?? "");
      return { v: on ? "TRUE" : "FALSE", t: "b" };
    }
    default:
      // Text, or a formula's error ("Err:502", "#DIV/0!") which ODF writes as its text.
      return shown ? { v: shown, t: /^(#[A-Z/0!?]+|Err:\d+)$/.test(shown) ? "e" : "s" } : null;
  }
}

const repeatOf = (node: XNode, name: string) => {
  const n = Number(attr(node, name) ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * An ODS table's rows as the file numbers them (1-based, repeated rows counted), each cell at its
 * column (repeated columns expanded, covered cells of a merge empty). A repeated row or cell with
 * content is expanded up to MAX_REPEAT times; empty repeats (to the sheet's end) only count.
 */
export function odsRows(table: XNode, inline: Inline): SheetRow[] {
  const rows: SheetRow[] = [];
  let r = 1;
  for (const row of findAll([table], "table-row")) {
    const repeat = repeatOf(row, "table:number-rows-repeated");
    const cells: Array<ViewCell | null> = [];
    for (const cell of elements(row)) {
      if (!cell.name.endsWith("table-cell")) continue;
      const value = cell.name === "table-cell" ? odsCell(cell, inline) : null;
      const times = repeatOf(cell, "table:number-columns-repeated");
      const count = value ? Math.min(times, MAX_REPEAT) : Math.min(times, MAX_COLUMNS);
      for (let i = 0; i < count && cells.length < MAX_COLUMNS; i++) cells.push(value);
    }
    while (cells.length > 0 && cells.at(-1) === null) cells.pop();
    if (cells.length > 0)
      for (let i = 0; i < Math.min(repeat, MAX_REPEAT); i++) rows.push({ r: r + i, cells });
    r += repeat;
  }
  return rows;
}

/** The paragraphs (text:p, text:h, in order, lists included) under a node. */
function paragraphsOf(node: XNode, inline: Inline): string[] {
  const out: string[] = [];
  const walk = (n: XNode) => {
    if (typeof n === "string") return;
    if (n.name === "p" || n.name === "h") out.push(inline(n.children));
    else for (const child of n.children) walk(child);
  };
  walk(node);
  return out.filter((t) => t.trim());
}

/** An ODP page's blocks in order, each located in the text `builder` makes of them. */
export function odpSlide(page: XNode, builder: TextBuilder, inline: Inline): SlideBlock[] {
  const blocks: SlideBlock[] = [];
  const block = (k: "title" | "p" | "notes", text: string, at: [number, number] | null) => {
    if (at) blocks.push({ k, text: text.replace(/\s+/g, " ").trim(), s: at[0], e: at[1] });
  };
  const notes: string[] = [];
  const walk = (node: XNode) => {
    if (typeof node === "string") return;
    if (node.name === "notes") {
      // The notes page repeats the slide as a thumbnail: only its notes frames' text.
      for (const frame of findAll(node.children, "frame"))
        if (attr(frame, "presentation:class") === "notes")
          notes.push(...paragraphsOf(frame, inline));
      return;
    }
    const table = node.name === "frame" ? findAll(node.children, "table")[0] : undefined;
    if (table) {
      const rows: Extract<SlideBlock, { k: "table" }>["rows"] = [];
      for (const row of findAll([table], "table-row")) {
        // A covered cell (inside a merge) is drawn by the cell it merges into: left out.
        const cells = elements(row)
          .filter((c) => c.name === "table-cell")
          .map((c) => paragraphsOf(c, inline).join(" "));
        const at = builder.paragraph(cells.join(" | "));
        if (at)
          rows.push({ c: cells.map((c) => c.replace(/\s+/g, " ").trim()), s: at[0], e: at[1] });
      }
      if (rows.length) blocks.push({ k: "table", rows });
      return;
    }
    if (node.name === "frame" || node.name === "custom-shape" || node.name === "rect") {
      const kind = attr(node, "presentation:class");
      const texts = paragraphsOf(node, inline);
      if (kind === "title") {
        const title = texts.join(" ");
        block("title", title, builder.heading(1, title));
      } else for (const t of texts) block("p", t, builder.paragraph(t));
      return;
    }
    for (const child of node.children) walk(child);
  };
  for (const child of typeof page === "string" ? [] : page.children) walk(child);
  if (notes.length) {
    const text = `Notes: ${notes.join(" ")}`;
    const at = builder.paragraph(text);
    if (at) blocks.push({ k: "notes", text: text.slice(7).trim(), s: at[0] + 7, e: at[1] });
  }
  return blocks;
}
