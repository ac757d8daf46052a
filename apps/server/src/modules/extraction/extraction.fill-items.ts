import {
  EXTRACTION_EVENTS,
  EXTRACTION_ITEMS_PER_SOURCE,
  type ExtractionCell,
  type ExtractionField,
  extractionRowIndex,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import type { RunStepContext } from "../runs/runs.jobs.ts";
import { identityFields, matchItems } from "./extraction.item-match.ts";
import { extractItems } from "./extraction.items.ts";
import * as repo from "./extraction.repo.ts";
import { MODEL_FAILED_TEXT, mergeRow, rowEvent } from "./extraction.rows.ts";
import { readSource, SourceError, type StoredSource } from "./extraction.sources.ts";

/** What every cell of a source that lists no item says (its one row: nothing found). */
export const NOTHING_FOUND_NOTE = "This source mentions no such item.";

/** What a row's re-read cell says when the new read lists no item that is this row's. */
export const ITEM_NOT_MATCHED_NOTE =
  "This item was not found again when the source was read for this column.";

/** Every field not found, and why (said, not left empty). */
function nothingFound(
  fields: readonly ExtractionField[],
  note = NOTHING_FOUND_NOTE,
): ExtractionCell[] {
  return fields.map(() => ({
    value: null,
    raw: null,
    quote: null,
    mark: "not_found",
    place: null,
    note,
    edited: false,
  }));
}

type Write = {
  row: number;
  status: "done" | "failed";
  cells: Record<string, unknown>;
  error: string | null;
};

/**
 * One source of a per-item extraction (issue 39 "every …"): read once, its items written as rows
 * source × 64 + i (cells the person corrected kept by row), the rows of items it no longer lists
 * deleted, all in one transaction, then each row published. A source that lists none has one
 * row whose every field is not found. With `only` (a column re-run, a field added) the items are
 * still read with every field (what tells them apart) but only those fields' cells change, on the
 * rows there are: each row takes the new item that is the same item (extraction.item-match.ts:
 * its other cells' values or quotes), whatever order the model lists them in; a row with no such
 * item gets "not found" and why, never another item's value. A whole re-read keeps the person's
 * corrected cells with the item they were made on, not with its old position. A source that
 * cannot be read or answered marks its rows failed, not the run.
 */
export async function fillItems(options: {
  deps: Deps;
  run: RunStepContext;
  user: SessionUser;
  record: repo.ExtractionRecord;
  /** Every field of the schema. */
  fields: readonly ExtractionField[];
  /** The fields this run fills (null: all). */
  only: readonly string[] | null;
  source: number;
  /** The source's rows as they are now. */
  rows: readonly repo.ExtractionRowRecord[];
  saving: Promise<unknown>[];
}): Promise<void> {
  const { deps, run, record, fields, rows } = options;
  run.signal.throwIfAborted();
  const first = extractionRowIndex("per_item", options.source);
  const stored = record.sources[options.source] as StoredSource | undefined;
  const writes: Write[] = [];
  // Rows of this source from `first + keep` on are deleted (they list items no longer found).
  let keep = EXTRACTION_ITEMS_PER_SOURCE;
  try {
    if (!stored) throw new SourceError("This source is missing.");
    const pages = await readSource(deps, options.user, stored, run.signal);
    const read = await extractItems({
      model: deps.models.chatModel({ reasoning: false }).model,
      fields,
      source: pages,
      signal: run.signal,
    });
    const items = read.items.length > 0 ? read.items : [nothingFound(fields)];
    const noPages = stored.kind === "url";
    const match = matchItems({
      fields,
      identity: identityFields(fields, options.only),
      rows,
      first,
      items: read.items,
    });
    if (options.only) {
      const only = options.only;
      const picked = fields.flatMap((f, i) => (only.includes(f.key) ? [[f, i] as const] : []));
      const missing = nothingFound(
        fields,
        read.items.length > 0 ? ITEM_NOT_MATCHED_NOTE : NOTHING_FOUND_NOTE,
      );
      for (const row of rows) {
        const at = match.get(row.row);
        const item = (at === undefined ? undefined : read.items[at]) ?? missing;
        const cells = picked.map(([, i]) => item[i] as ExtractionCell);
        const merged = mergeRow(
          row.cells,
          picked.map(([f]) => f),
          cells,
          pages,
          noPages,
        );
        writes.push({ row: row.row, status: "done", cells: merged, error: null });
      }
    } else {
      // Each new item keeps what the person corrected on the row that was this item.
      const rowOf = new Map([...match].map(([row, item]) => [item, row]));
      const before = new Map(rows.map((r) => [r.row, r.cells]));
      for (const [i, cells] of items.entries()) {
        const was = rowOf.get(i);
        const kept = was === undefined ? {} : (before.get(was) ?? {});
        const merged = mergeRow(kept, fields, cells, pages, noPages);
        writes.push({ row: first + i, status: "done", cells: merged, error: null });
      }
      keep = items.length;
    }
  } catch (error) {
    if (run.signal.aborted) throw error;
    const message = error instanceof SourceError ? error.message : MODEL_FAILED_TEXT;
    if (!(error instanceof SourceError))
      deps.logger.warn(
        { err: error, runId: run.run.id, source: options.source },
        "an extraction source's items failed",
      );
    for (const row of rows)
      writes.push({ row: row.row, status: "failed", cells: row.cells, error: message });
  }
  const now = deps.clock.now();
  options.saving.push(
    (async () => {
      await deps.db.transaction(async (tx) => {
        await repo.upsertRows(tx, record.id, writes, now);
        await repo.deleteRowsBetween(
          tx,
          record.id,
          first + keep,
          first + EXTRACTION_ITEMS_PER_SOURCE,
        );
      });
      await Promise.all(
        writes.map((write) => run.emit(EXTRACTION_EVENTS.row, rowEvent(record, write))),
      );
    })(),
  );
}
