import type { ExtractionCell, ExtractionField } from "@nexus/contracts";
import type * as repo from "./extraction.repo.ts";
import { presentRow } from "./extraction.service.ts";
import type { ReadSource } from "./extraction.sources.ts";

/** What a run does with a row once its source is read: cells placed, merged, published. */

export const MODEL_FAILED_TEXT = "The model did not answer for this source.";

/**
 * Where a cell's quote is, as the viewer opens it: a file's page and the passage (chunk) the quote
 * begins in; a web page's text has no pages.
 */
export function placed(cell: ExtractionCell, source: ReadSource, noPages: boolean): ExtractionCell {
  const place = cell.place;
  if (!place) return cell;
  if (noPages) return { ...cell, place: { ...place, page: null } };
  const chunk = source.chunks.find(
    (c) => c.page === place.page && c.start <= place.start && place.start < c.end,
  );
  return { ...cell, place: { ...place, chunk: chunk?.ordinal ?? null } };
}

/** The row's cells after a read: the new ones, except cells the person corrected. */
export function mergeRow(
  before: Record<string, unknown>,
  fields: readonly ExtractionField[],
  cells: readonly ExtractionCell[],
  source: ReadSource,
  noPages: boolean,
): Record<string, unknown> {
  const out = { ...before };
  for (const [i, field] of fields.entries()) {
    const old = before[field.key] as ExtractionCell | undefined;
    const cell = cells[i];
    if (!cell || old?.edited) continue;
    out[field.key] = placed(cell, source, noPages);
  }
  return out;
}

/** A row event's payload: the row's number (`row`) and the row as the table draws it. */
export function rowEvent(
  record: repo.ExtractionRecord,
  row: Parameters<typeof presentRow>[1],
): Record<string, unknown> {
  return { row: row.row, ...presentRow(record, row) };
}
