import { EXTRACTION_EVENTS, type ExtractionField, extractionRowPlace } from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import type { JobDefinition } from "../../jobs/job-definition.ts";
import { defineRunStepsJob, RunFailed, type RunStepContext } from "../runs/runs.jobs.ts";
import * as users from "../users/users.service.ts";
import { extractSource } from "./extraction.engine.ts";
import { fillItems } from "./extraction.fill-items.ts";
import * as repo from "./extraction.repo.ts";
import { MODEL_FAILED_TEXT, mergeRow, rowEvent } from "./extraction.rows.ts";
import {
  EXTRACTION_QUEUE,
  EXTRACTION_RUN_KIND,
  type ExtractionJobData,
  fieldsOf,
  settle,
} from "./extraction.service.ts";
import { readSource, SourceError, type StoredSource } from "./extraction.sources.ts";
import { recordThread } from "./extraction.thread.ts";

export const EXTRACTION_FAILED_TEXT = "The extraction failed. Try again in a moment.";

/** Runs `work` over `items`, at most `limit` at once; waits for all, then throws the first error. */
export async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length && errors.length === 0) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => {
        errors.push(error);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length > 0) throw errors[0];
}

/**
 * One source's row: read, extracted, saved and published (a run event the table draws). A source
 * that cannot be read or answered marks its row failed, not the run; a cancel or a hand-over
 * (the signal) leaves the row pending for the next attempt.
 */
async function fillRow(options: {
  deps: Deps;
  run: RunStepContext;
  user: SessionUser;
  record: repo.ExtractionRecord;
  fields: readonly ExtractionField[];
  row: repo.ExtractionRowRecord;
  /** Where the row's save goes (awaited by the step). */
  saving: Promise<unknown>[];
}): Promise<void> {
  const { deps, run, record, row } = options;
  run.signal.throwIfAborted();
  const source = record.sources[extractionRowPlace(record.rowMode, row.row).source] as
    | StoredSource
    | undefined;
  let saved: { status: "done" | "failed"; cells: Record<string, unknown>; error: string | null };
  try {
    if (!source) throw new SourceError("This source is missing.");
    const pages = await readSource(deps, options.user, source, run.signal);
    const read = await extractSource({
      model: deps.models.chatModel({ reasoning: false }).model,
      fields: options.fields,
      source: pages,
      signal: run.signal,
    });
    const cells = mergeRow(row.cells, options.fields, read.cells, pages, source.kind === "url");
    saved = { status: "done", cells, error: null };
  } catch (error) {
    if (run.signal.aborted) throw error;
    const message = error instanceof SourceError ? error.message : MODEL_FAILED_TEXT;
    if (!(error instanceof SourceError))
      deps.logger.warn({ err: error, runId: run.run.id, row: row.row }, "an extraction row failed");
    saved = { status: "failed", cells: row.cells, error: message };
  }
  // Saved and published at once (two commits side by side, not one after the other), while the
  // next source is read: the step awaits every row's before it ends.
  options.saving.push(
    Promise.all([
      repo.saveRow(deps.db, {
        extractionId: record.id,
        row: row.row,
        ...saved,
        now: deps.clock.now(),
      }),
      run.emit(EXTRACTION_EVENTS.row, rowEvent(record, { row: row.row, ...saved })),
    ]),
  );
}

/** Waits for every row's save; the first failure (after all have settled) is thrown. */
export async function allSaved(saving: readonly Promise<unknown>[]): Promise<void> {
  const settled = await Promise.allSettled(saving);
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * An extraction run (ARCHITECTURE.md §3.3): one step that reads its pending rows'
 * sources EXTRACTION_CONCURRENCY at a time, each row saved as it finishes. A run handed over or
 * retried after a crash reads only the rows still pending. Its unit is settled once it ends.
 */
export const EXTRACTION_JOBS: JobDefinition[] = [
  defineRunStepsJob<ExtractionJobData>({
    name: EXTRACTION_QUEUE,
    runKind: EXTRACTION_RUN_KIND,
    retryLimit: 2,
    retryDelaySeconds: 2,
    concurrency: (deps) => deps.env.RESEARCH_CONCURRENCY,
    failedText: EXTRACTION_FAILED_TEXT,
    async step(deps, job, run) {
      const record = await repo.findById(deps.db, job.data.extractionId);
      const caller = await users.jobCaller(deps, run.run.userId);
      if (!record || !caller?.user) throw new RunFailed(EXTRACTION_FAILED_TEXT);
      const all = fieldsOf(record);
      const only = job.data.fields;
      const fields = only ? all.filter((f) => only.includes(f.key)) : all;
      const before = await repo.rowsOf(deps.db, record.id);
      const pending = before.filter((r) => r.status === "pending");
      const user = caller.user;
      const saving: Promise<unknown>[] = [];
      const sourceOf = (row: repo.ExtractionRowRecord) =>
        extractionRowPlace(record.rowMode, row.row).source;
      try {
        if (record.rowMode === "per_item") {
          // A row per item: each source with a pending row read once, all its items written.
          const sources = [...new Set(pending.map(sourceOf))];
          await inPool(sources, deps.env.EXTRACTION_CONCURRENCY, (source) =>
            fillItems({
              deps,
              run,
              user,
              record,
              fields: all,
              only: only ?? null,
              source,
              rows: before.filter((r) => sourceOf(r) === source),
              saving,
            }),
          );
        } else
          await inPool(pending, deps.env.EXTRACTION_CONCURRENCY, (row) =>
            fillRow({ deps, run, user, record, fields, row, saving }),
          );
      } catch (error) {
        // A stop or a hand-over stays what it is: the rows saved so far are awaited first.
        await allSaved(saving).catch(() => undefined);
        throw error;
      }
      await allSaved(saving);
      const rows = await repo.rowsOf(deps.db, record.id);
      return {
        next: false,
        result: {
          rowsDone: rows.filter((r) => r.status === "done").length,
          rowsFailed: rows.filter((r) => r.status === "failed").length,
        },
      };
    },
    async ended(deps, run) {
      const caller = await users.jobCaller(deps, run.userId);
      if (caller) await settle(deps, caller, run.id);
      // Its thread in History: the table as it now stands (once a row is filled).
      const record = await repo.findRunOwner(deps.db, run.id);
      if (caller?.user && record) await recordThread(deps, caller.user, record);
    },
  }),
];
