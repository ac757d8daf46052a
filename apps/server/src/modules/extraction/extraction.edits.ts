import {
  EXTRACTION_LIMITS,
  type ExtractionCell,
  type ExtractionField,
  type ExtractionItem,
  type ExtractionRerun,
  extractionRowPlace,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as runs from "../runs/runs.service.ts";
import { readValue } from "./extraction.cells.ts";
import * as repo from "./extraction.repo.ts";
import {
  callerOf,
  fieldsOf,
  get,
  launchRun,
  needsModel,
  owned,
  quotaWall,
} from "./extraction.service.ts";

/** A person's changes to an extraction: a corrected cell, a row or column read again, a field added. */

/**
 * PATCH /api/extractions/:id/rows/:row/cells/:key: the person's value, read as the field's type
 * (a value that is not of it is a 400 and changes nothing). Kept over re-runs, marked edited.
 */
export async function editCell(
  deps: Deps,
  user: SessionUser,
  options: { id: string; row: string; key: string; value: unknown },
): Promise<ExtractionItem> {
  const record = await owned(deps, user, options.id);
  const field = fieldsOf(record).find((f) => f.key === options.key);
  if (!field) throw new AppError("not_found", "No such field.");
  const index = /^\d{1,4}$/.test(options.row) ? Number(options.row) : -1;
  const row = (await repo.rowsOf(deps.db, record.id)).find((r) => r.row === index);
  if (!row) throw new AppError("not_found", "No such row.");
  const read = readValue(field, options.value);
  if (read.note) throw new AppError("bad_request", read.note);
  const before = row.cells[field.key] as ExtractionCell | undefined;
  const cell: ExtractionCell = {
    value: read.value,
    raw: null,
    quote: before?.quote ?? null,
    place: before?.place ?? null,
    mark: read.value === null ? "not_found" : (before?.mark ?? "unverified"),
    note: "Corrected by you.",
    edited: true,
  };
  if (
    before &&
    JSON.stringify(before.value) !== JSON.stringify(read.value) &&
    cell.mark !== "not_found"
  )
    cell.mark = "unverified";
  await repo.saveRow(deps.db, {
    extractionId: record.id,
    row: row.row,
    status: row.status === "pending" ? "pending" : row.status,
    cells: { ...row.cells, [field.key]: cell },
    error: row.error,
    now: deps.clock.now(),
  });
  await repo.touch(deps.db, record.id, deps.clock.now());
  return get(deps, user, record.id);
}

/**
 * POST /api/extractions/:id/rerun: a row, a column, or one cell read again in a new run (an
 * agent unit, given back when it fills nothing). Edited cells are kept. One run at a time.
 */
export async function rerun(
  deps: Deps,
  user: SessionUser,
  id: string,
  input: ExtractionRerun,
): Promise<ExtractionItem> {
  const record = await owned(deps, user, id);
  needsModel(deps);
  if (record.status && !runs.isTerminal(record.status))
    throw new AppError("conflict", "This extraction is still running.");
  const fields = fieldsOf(record);
  if (input.field !== undefined && !fields.some((f) => f.key === input.field))
    throw new AppError("bad_request", "No such field.");
  // A row of a per-item extraction is read again with its source's other items (all its rows).
  let rows: number[] | "all" = "all";
  if (input.row !== undefined) {
    const all = await repo.rowsOf(deps.db, id);
    if (!all.some((r) => r.row === input.row)) throw new AppError("bad_request", "No such row.");
    const sourceOf = (row: number) => extractionRowPlace(record.rowMode, row).source;
    const source = sourceOf(input.row);
    rows = all.filter((r) => sourceOf(r.row) === source).map((r) => r.row);
  }
  const caller = callerOf(user);
  await quotaWall(deps, caller, true);
  await launchRun({
    deps,
    user,
    id,
    fields: input.field === undefined ? null : [input.field],
    prepare: async (tx, runId) => {
      await repo.markPending(tx, id, rows);
      await repo.setRun(tx, id, runId, deps.clock.now());
    },
  });
  return get(deps, user, id);
}

/**
 * POST /api/extractions/:id/fields: a field added to the schema and only it filled, for every
 * row, in a new run (a column re-run: an agent unit, given back when it fills nothing); the
 * cells already there are not touched. A field whose key the schema has is a 400.
 */
export async function addField(
  deps: Deps,
  user: SessionUser,
  id: string,
  field: ExtractionField,
): Promise<ExtractionItem> {
  const record = await owned(deps, user, id);
  needsModel(deps);
  if (record.status && !runs.isTerminal(record.status))
    throw new AppError("conflict", "This extraction is still running.");
  const fields = fieldsOf(record);
  if (fields.length >= EXTRACTION_LIMITS.fields)
    throw new AppError("bad_request", `At most ${EXTRACTION_LIMITS.fields} fields.`);
  if (fields.some((f) => f.key === field.key))
    throw new AppError("bad_request", "The extraction has a field with this key already.");
  await quotaWall(deps, callerOf(user), true);
  await launchRun({
    deps,
    user,
    id,
    fields: [field.key],
    prepare: async (tx, runId) => {
      await repo.setFields(tx, id, [...fields, field], deps.clock.now());
      await repo.markPending(tx, id, "all");
      await repo.setRun(tx, id, runId, deps.clock.now());
    },
  });
  return get(deps, user, id);
}
