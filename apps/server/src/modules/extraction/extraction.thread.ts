import type { ExtractionItem, ExtractionValue, ThreadMessage } from "@nexus/contracts";
import type { KindThread, ThreadInProgress } from "../../ai/chat/kind-declaration.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as history from "../history/history.service.ts";
import * as repo from "./extraction.repo.ts";
import { EXTRACTION_RUN_KIND, get, stopAndDelete } from "./extraction.service.ts";

/**
 * An extraction as a thread (ARCHITECTURE.md §3.1): its thread id is the extraction's id; once a
 * run has filled a row, one history entry (its title, the table summarised as markdown) lists it
 * in History and Recent, replaced by each later run; while a run goes on (or after it failed) it
 * is listed with its state. Deleting the thread deletes the extraction, and the other way round.
 */

/** Rows of the table a thread's summary shows; the rest are counted. */
const SUMMARY_ROWS = 50;
/** Characters of one cell in the summary. */
const SUMMARY_CELL = 120;
/** Unfinished extractions History and Recent list at most. */
const IN_PROGRESS_LIMIT = 20;

/** The history entry of an extraction's thread: one id per extraction. */
export function threadEntryId(extractionId: string): string {
  return `x${extractionId}`;
}

function cellText(value: ExtractionValue | undefined): string {
  if (value === null || value === undefined) return "—";
  const text = Array.isArray(value) ? value.join("; ") : String(value);
  const flat = text.replace(/\s+/g, " ").trim();
  const cut = flat.length > SUMMARY_CELL ? `${flat.slice(0, SUMMARY_CELL - 1)}…` : flat;
  return cut.replace(/\\/g, "\\\\").replace(/\|/g, "\\|") || "—";
}

/** The table as a markdown summary: a row per source, a column per field (values only). */
export function summaryMarkdown(item: ExtractionItem): string {
  const header = ["Source", ...item.fields.map((f) => f.name)].map((c) => cellText(c));
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => " --- ").join("|")}|`];
  for (const row of item.rows.slice(0, SUMMARY_ROWS)) {
    const cells = item.fields.map((f) => cellText(row.cells[f.key]?.value));
    lines.push(`| ${[cellText(row.source.label), ...cells].join(" | ")} |`);
  }
  const more = item.rows.length - SUMMARY_ROWS;
  const tail = more > 0 ? `\n\n…and ${more} more rows.` : "";
  const done = `${item.rowsDone} of ${item.rowCount} rows filled.`;
  return `${done}\n\n${lines.join("\n")}${tail}`;
}

const missing = (error: unknown) => {
  if (error instanceof AppError && error.code === "not_found") return null;
  throw error;
};

/**
 * Saves (or replaces) the extraction's history entry once a run has ended having filled a row;
 * nothing when none is filled (it is listed while it runs, or failed, without one).
 */
export async function recordThread(deps: Deps, user: SessionUser, id: string): Promise<void> {
  const item = await get(deps, user, id).catch(missing);
  if (!item || item.rowsDone === 0) return;
  const entryId = threadEntryId(id);
  await history.saveTurn({
    deps,
    user,
    turn: {
      id: entryId,
      userId: user.id,
      threadId: id,
      timestamp: deps.clock.now(),
      kind: EXTRACTION_RUN_KIND,
      query: item.title,
      results: { markdown: summaryMarkdown(item) },
      subjectId: id,
      parts: null,
    },
    replaces: entryId,
  });
}

/** GET /api/threads/:id of an extraction: its title, then its table summarised as the reply. */
export async function extractionThread(
  deps: Deps,
  user: SessionUser,
  threadId: string,
): Promise<KindThread | null> {
  const item = await get(deps, user, threadId).catch(missing);
  if (!item) return null;
  const question: ThreadMessage = {
    id: `${item.id}-schema`,
    role: "user",
    parts: [{ type: "text", text: item.title }],
  };
  const reply: ThreadMessage = {
    id: threadEntryId(item.id),
    role: "assistant",
    parts: [{ type: "text", text: summaryMarkdown(item), state: "done" }],
    metadata: {
      threadId,
      runId: item.runId,
      status: item.status,
      ...(item.error ? { error: item.error } : {}),
    },
  };
  return { subject: { id: item.id, name: item.title }, messages: [question, reply] };
}

/** The owner's extractions running (or queued) or failed, newest first, for History and Recent. */
export async function inProgress(
  deps: Pick<Deps, "db">,
  user: SessionUser,
): Promise<ThreadInProgress[]> {
  const rows = await repo.listUnfinished(deps.db, user.id, IN_PROGRESS_LIMIT);
  return rows.map((row) => ({
    threadId: row.id,
    title: row.title,
    subjectId: row.id,
    startedAt: row.createdAt.toISOString(),
    latestAt: (row.endedAt ?? row.updatedAt).toISOString(),
    state: row.status === "failed" ? "failed" : "running",
  }));
}

/** The titles of the owner's extractions by id (a listed thread's subject). */
export async function subjects(
  deps: Pick<Deps, "db">,
  user: SessionUser,
  ids: readonly string[],
): Promise<ReadonlyMap<string, string>> {
  const valid = ids.filter((id) => /^[A-Za-z0-9]{8,64}$/.test(id));
  if (valid.length === 0) return new Map();
  const rows = await repo.titlesOf(deps.db, user.id, valid);
  return new Map(rows.map((r) => [r.id, r.title]));
}

/**
 * An extraction thread deleted from History (or the sidebar) takes the extraction with it: its
 * run is stopped (its unit given back when it filled nothing) and its rows go.
 */
export async function removeWithThread(
  deps: Deps,
  user: SessionUser,
  threadId: string,
): Promise<boolean> {
  if (!/^[A-Za-z0-9]{8,64}$/.test(threadId)) return false;
  const record = await repo.findOwned(deps.db, user.id, threadId);
  if (!record) return false;
  await stopAndDelete(deps, user, record);
  return true;
}
