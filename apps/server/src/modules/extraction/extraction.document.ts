import {
  type ExportWords,
  type ExtractionCell,
  type ExtractionItem,
  exportDate,
  type UiLanguage,
} from "@nexus/contracts";
import { escapeInline } from "../exports/exports.service.ts";

/**
 * An extraction's table as a document (GET /api/extractions/:id/export?format=md|pdf|docx): the
 * title and what it is, the table of values (a row per source), then per source each field's
 * value with its place, its mark and the quote that backs it, so the values can be checked on
 * paper as on the screen. The PDF and Word files are drawn from this Markdown by the exports
 * module's renderers, like a thread's. The extraction's own words (values, quotes, sources) stay as
 * they are; the export's words follow the person's language.
 */

/** A value as one line of Markdown (a table cell's: pipes escaped too). */
function valueText(cell: ExtractionCell | undefined): string {
  const value = cell?.value ?? null;
  if (value === null) return "";
  const text = Array.isArray(value) ? value.join("; ") : String(value);
  return escapeInline(text);
}

function markText(cell: ExtractionCell, words: ExportWords): string {
  switch (cell.mark) {
    case "exact":
      return words.verified;
    case "close":
      return words.extraction.nearly;
    case "unverified":
      return words.unverified;
    default:
      return words.extraction.notFound;
  }
}

/** A per-item row's number among its source's (" #2"); nothing for a row per source. */
const itemMark = (row: ExtractionItem["rows"][number]) =>
  row.source.item === null ? "" : ` #${row.source.item + 1}`;

function sourceTitle(row: ExtractionItem["rows"][number]): string {
  const label = escapeInline(row.source.label) || "source";
  const title = row.source.url
    ? `[${label}](<${row.source.url.replace(/[<>\s]/g, encodeURIComponent)}>)`
    : label;
  return `${title}${itemMark(row)}`;
}

export function extractionMarkdown(
  item: ExtractionItem,
  words: ExportWords,
  language: UiLanguage,
): string {
  const out: string[] = [`# ${escapeInline(item.title) || words.kinds.extraction}`];
  const about = [words.kinds.extraction ?? "Extraction", exportDate(item.updatedAt, language)];
  out.push(`*${about.map(escapeInline).join(" · ")} · ${escapeInline(words.exportedFrom)}*`);
  if (item.fields.length > 0 && item.rows.length > 0) {
    const header = [words.extraction.source, ...item.fields.map((f) => escapeInline(f.name))];
    const rows = item.rows.map((row) => [
      `${escapeInline(row.source.label)}${itemMark(row)}`,
      ...item.fields.map((f) => valueText(row.cells[f.key])),
    ]);
    out.push(
      [header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n"),
    );
  }
  for (const row of item.rows) {
    out.push(`## ${sourceTitle(row)}`);
    if (row.status === "failed") {
      out.push(
        `*${escapeInline(words.extraction.failed)}${row.error ? `: ${escapeInline(row.error)}` : ""}*`,
      );
      continue;
    }
    const lines = item.fields.map((field) => {
      const cell = row.cells[field.key];
      const name = `**${escapeInline(field.name)}**`;
      if (!cell) return `- ${name}:`;
      const details = [
        cell.place?.page ? words.page(cell.place.page) : null,
        markText(cell, words),
        cell.edited ? words.extraction.edited : null,
      ].filter((d): d is string => d !== null);
      const head = `- ${name}: ${valueText(cell)} — ${details.map(escapeInline).join(" · ")}`;
      return cell.quote ? `${head}\n\n  > ${escapeInline(cell.quote)}\n` : head;
    });
    out.push(lines.join("\n"));
  }
  return `${out.join("\n\n")}\n`;
}
