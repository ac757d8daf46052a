import {
  EXTRACTION_EVENTS,
  EXTRACTION_NEEDS_MODEL,
  type ExtractionCell,
  type ExtractionCreate,
  type ExtractionField,
  type ExtractionItem,
  type ExtractionRow,
  type ExtractionSummary,
  extractionFieldSchema,
  extractionRowPlace,
} from "@nexus/contracts";
import type { Caller, Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import * as history from "../history/history.service.ts";
import * as runs from "../runs/runs.service.ts";
import * as usage from "../usage/usage.service.ts";
import * as repo from "./extraction.repo.ts";
import { checkSources, labelOf, type StoredSource } from "./extraction.sources.ts";

/**
 * Structured extraction (issue 39): an extraction is a schema, its sources (a row each) and its
 * latest run (modules/runs, kind "extraction"). A run reserves one agent unit at its start (the
 * atomic wall of usage.consume) and gives it back when it ends without a row (settle).
 */

export const EXTRACTION_RUN_KIND = "extraction";
export const EXTRACTION_QUEUE = "extraction-run";
export const EXTRACTION_LIST_LIMIT = 200;
export const EXTRACTION_QUOTA_MESSAGE =
  "You have reached your agent conversation limit: an extraction run counts as one.";

/** The data of an extraction run's job: ids, and which fields it fills (null: all). */
export interface ExtractionJobData {
  runId: string;
  step: number;
  extractionId: string;
  fields: string[] | null;
}

export function callerOf(user: SessionUser): Caller {
  return { user, anonId: null, ip: "" };
}

/** No language model configured (the offline engine cannot extract typed values). */
export function isOffline(deps: Deps): boolean {
  return !deps.models.configured || deps.models.chatModel({ reasoning: false }).offline;
}

export function needsModel(deps: Deps): void {
  if (isOffline(deps)) throw new AppError("needs_model", EXTRACTION_NEEDS_MODEL);
}

export async function quotaWall(deps: Deps, caller: Caller, reserve: boolean): Promise<void> {
  const seen = reserve
    ? await usage.consume({ deps, caller, counter: "agentUsage" })
    : await usage.check({ deps, caller, counter: "agentUsage" });
  if (!seen.allowed)
    throw usage.quotaExceeded(deps, { ...seen, counter: "agentUsage" }, EXTRACTION_QUOTA_MESSAGE);
}

export function fieldsOf(record: repo.ExtractionRecord): ExtractionField[] {
  return record.fields.map((f) => extractionFieldSchema.parse(f));
}

/** Sends a run's job for `extractionId`; a run that cannot be sent ends failed (and the error goes up). */
async function sendRun(
  deps: Deps,
  runId: string,
  data: Omit<ExtractionJobData, "runId" | "step">,
): Promise<void> {
  const jobs = deps.jobs;
  if (!jobs) throw new AppError("unavailable", "Background jobs are not running on this server.");
  await jobs.send(EXTRACTION_QUEUE, { ...data, runId, step: 0 }, { singletonKey: `${runId}:0` });
}

/**
 * A run of the extraction `id` (its unit already taken): the run row and `prepare`'s writes in one
 * transaction, then its first step queued; if any of it fails, the run ends failed and the unit
 * is given back.
 */
export async function launchRun(options: {
  deps: Deps;
  user: SessionUser;
  id: string;
  prepare: (
    tx: Parameters<Parameters<Deps["db"]["transaction"]>[0]>[0],
    runId: string,
  ) => Promise<void>;
  fields: string[] | null;
}): Promise<void> {
  const { deps, user, id } = options;
  let runId: string | null = null;
  try {
    runId = await deps.db.transaction(async (tx) => {
      const run = await runs.createRun(tx, {
        userId: user.id,
        kind: EXTRACTION_RUN_KIND,
        subjectId: id,
      });
      await options.prepare(tx, run.id);
      return run.id;
    });
    await sendRun(deps, runId, { extractionId: id, fields: options.fields });
  } catch (error) {
    if (runId !== null)
      await runs
        .endRun(deps, runId, { status: "failed", result: { message: "Not started." } })
        .catch(() => undefined);
    await usage.refund({ deps, caller: callerOf(user), counter: "agentUsage" });
    throw error;
  }
}

/**
 * POST /api/extractions: needs a model (nothing charged without one), checks the files are the
 * caller's, reserves one agent unit, then writes the extraction, its pending rows and its run in
 * one transaction and sends the run's job.
 */
export async function start(
  deps: Deps,
  user: SessionUser,
  input: ExtractionCreate,
): Promise<ExtractionItem> {
  needsModel(deps);
  if (!deps.jobs)
    throw new AppError("unavailable", "Background jobs are not running on this server.");
  const sources = await checkSources(deps, user, input.sources);
  const caller = callerOf(user);
  await quotaWall(deps, caller, true);
  const id = alphanumericId();
  await launchRun({
    deps,
    user,
    id,
    fields: null,
    prepare: async (tx, runId) => {
      await repo.insertExtraction(tx, {
        id,
        userId: user.id,
        title: input.title || defaultTitle(input.fields),
        fields: input.fields,
        sources,
        rowMode: input.rowMode,
        runId,
      });
      await repo.insertRows(tx, id, sources.length, input.rowMode);
    },
  });
  return get(deps, user, id);
}

function defaultTitle(fields: readonly ExtractionField[]): string {
  return fields
    .map((f) => f.name)
    .join(", ")
    .slice(0, 200);
}

/** A row as the table and the exports read it (also a row event's payload). */
export function presentRow(
  record: Pick<repo.ExtractionRecord, "sources" | "rowMode">,
  row: Pick<repo.ExtractionRowRecord, "row" | "status" | "cells" | "error">,
): ExtractionRow {
  const place = extractionRowPlace(record.rowMode, row.row);
  const source = (record.sources[place.source] ?? { kind: "url", url: "" }) as StoredSource;
  return {
    index: row.row,
    source: {
      kind: source.kind,
      label: labelOf(source),
      fileId: source.kind === "file" ? source.fileId : null,
      url: source.kind === "url" ? source.url : null,
      item: place.item,
    },
    status: row.status,
    cells: row.cells as Record<string, ExtractionCell>,
    error: row.error,
  };
}

function summary(
  row: repo.ExtractionWithRun,
  rowsDone: number,
  rowCount: number,
): ExtractionSummary {
  const result = row.result ?? {};
  return {
    id: row.id,
    title: row.title,
    runId: row.runId,
    status: row.status ?? "failed",
    fields: fieldsOf(row),
    rowMode: row.rowMode,
    sourceCount: row.sources.length,
    rowsDone,
    rowCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    error: row.status === "failed" && typeof result.message === "string" ? result.message : null,
  };
}

/** The caller's extraction; another person's and a made-up id are the same 404. */
export async function owned(
  deps: Deps,
  user: SessionUser,
  id: string,
): Promise<repo.ExtractionWithRun> {
  const row = /^[A-Za-z0-9]{8,64}$/.test(id) ? await repo.findOwned(deps.db, user.id, id) : null;
  if (!row) throw new AppError("not_found", "No such extraction.");
  return row;
}

export async function get(deps: Deps, user: SessionUser, id: string): Promise<ExtractionItem> {
  const row = await owned(deps, user, id);
  const rows = (await repo.rowsOf(deps.db, id)).map((r) => presentRow(row, r));
  const done = rows.filter((r) => r.status === "done").length;
  return { ...summary(row, done, rows.length), rows };
}

export async function list(deps: Deps, user: SessionUser): Promise<ExtractionSummary[]> {
  const rows = await repo.listOwned(deps.db, user.id, EXTRACTION_LIST_LIMIT);
  return rows.map((row) => summary(row, row.rowsDone, row.rowCount));
}

/** POST /api/extractions/:id/cancel: its running run stops at its next source (rows kept). */
export async function cancel(deps: Deps, user: SessionUser, id: string): Promise<ExtractionItem> {
  const row = await owned(deps, user, id);
  if (!row.runId || !row.status || runs.isTerminal(row.status))
    throw new AppError("conflict", "This extraction is not running.");
  await runs.requestCancel({ deps, user, runId: row.runId });
  return get(deps, user, id);
}

/**
 * DELETE /api/extractions/:id: stops its run (its unit given back if it filled nothing) and deletes
 * it, with its thread in History.
 */
export async function remove(deps: Deps, user: SessionUser, id: string): Promise<void> {
  const record = await owned(deps, user, id);
  await stopAndDelete(deps, user, record);
  await history.deleteThread({ deps, user, threadId: id }).catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === "not_found")) throw error;
  });
}

/** Stops an extraction's run (settled) and deletes the extraction and its rows. */
export async function stopAndDelete(
  deps: Deps,
  user: SessionUser,
  record: repo.ExtractionWithRun,
): Promise<void> {
  if (record.runId && record.status && !runs.isTerminal(record.status)) {
    await runs.requestCancel({ deps, user, runId: record.runId }).catch(() => undefined);
    if (await runs.endRun(deps, record.runId, { status: "cancelled" }))
      await settle(deps, callerOf(user), record.runId);
  }
  await repo.deleteExtraction(deps.db, record.id);
}

/** Rows a run filled (its done-row events). */
export async function rowsFilled(deps: Deps, runId: string): Promise<number> {
  const events = await runs.eventsOfTypes(deps, runId, [EXTRACTION_EVENTS.row]);
  return events.filter((e) => e.payload.status === "done").length;
}

/** A run's reserved unit once it has ended: kept when it filled a row, given back otherwise. */
export async function settle(deps: Deps, caller: Caller, runId: string): Promise<void> {
  if ((await rowsFilled(deps, runId)) > 0) return;
  await usage.refund({ deps, caller, counter: "agentUsage" });
}

export { accountData } from "./extraction.account.ts";
