import type { Readable } from "node:stream";
import {
  type AnswerAttachment,
  type FileEvent,
  type FileItem,
  type FileList,
  type FileListItem,
  fileKindSchema,
} from "@nexus/contracts";
import type { Db } from "@nexus/db";
import type { Context } from "hono";
import type { AppEnv, Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as runs from "../runs/runs.service.ts";
import * as usage from "../usage/usage.service.ts";
import { sendIngestion } from "./files.fair.ts";
import { INGEST_QUEUE, INGEST_RUN_KIND } from "./files.ingest.ts";
import * as repo from "./files.repo.ts";
import { maxUploadBytes } from "./files.upload.ts";
import * as vectors from "./files.vectors.ts";
import { viewKeyOf } from "./files.views.ts";

export {
  type FilePassage,
  filePassage,
  filePassages,
  pageTexts,
} from "./files.documents.ts";
export { imageFileName, saveGeneratedImage } from "./files.generated.ts";
export { readViews } from "./files.views.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function presentFile(row: repo.FileRow): FileItem {
  return {
    id: row.id,
    name: row.name,
    kind: fileKindSchema.catch("text").parse(row.kind),
    size: row.size,
    status: row.status,
    error: row.error,
    pages: row.pages,
    warnings: row.warnings,
    needsPassword: repo.waitsForPassword(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A file of the caller, or the same 404 for a foreign, missing or malformed id. */
export async function ownedFile(
  deps: Deps,
  user: SessionUser,
  fileId: string,
): Promise<repo.FileRow> {
  const row = UUID.test(fileId) ? await repo.findOwned(deps.db, user.id, fileId) : null;
  if (!row) throw new AppError("not_found", "No such file.");
  return row;
}

/** The names of those of `fileIds` the user owns, by id (others and malformed ids left out). */
export async function fileNames(
  deps: Pick<Deps, "db">,
  user: SessionUser,
  fileIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await repo.findOwnedMany(
    deps.db,
    user.id,
    fileIds.filter((id) => UUID.test(id)),
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Those of `fileIds` the user owns (others and malformed ids left out), in no set order. */
export async function ownedFiles(
  deps: Pick<Deps, "db">,
  user: SessionUser,
  fileIds: readonly string[],
): Promise<repo.FileRow[]> {
  return repo.findOwnedMany(
    deps.db,
    user.id,
    fileIds.filter((id) => UUID.test(id)),
  );
}

/**
 * The files a person attached to a question, checked: each must be theirs (a foreign, missing or
 * malformed id is the same 404 as on every file route) and ready to be searched (else 409).
 * Returns the distinct files, with the names the question shows them by.
 */
export async function attachedFiles(options: {
  deps: Deps;
  user: SessionUser;
  fileIds: readonly string[];
}): Promise<AnswerAttachment[]> {
  const ids = [...new Set(options.fileIds)];
  const wellFormed = ids.every((id) => UUID.test(id));
  const rows = wellFormed ? await repo.findOwnedMany(options.deps.db, options.user.id, ids) : [];
  if (rows.length !== ids.length) throw new AppError("not_found", "No such file.");
  if (rows.some((row) => row.status !== "ready"))
    throw new AppError("conflict", "A file attached to the question is not ready yet.");
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return ids.map((id) => ({ id, name: names.get(id) ?? "" }));
}

export async function listFiles(options: {
  deps: Deps;
  user: SessionUser;
  q?: string | undefined;
}): Promise<FileList> {
  const { deps, user } = options;
  const caller = { user, anonId: null, ip: "" };
  const [rows, storageUsed, counted] = await Promise.all([
    repo.listOwned(deps.db, user.id, options.q || undefined),
    repo.storageUsed(deps.db, user.id),
    usage.check({ deps, caller, counter: "addFiles" }),
  ]);
  const files: FileListItem[] = rows.map((row) => ({
    ...presentFile(row),
    match:
      row.matchPage !== null && row.matchSnippet !== null
        ? { page: row.matchPage, snippet: row.matchSnippet }
        : null,
  }));
  return {
    files,
    storageUsed,
    addFiles: { current: counted.current, limit: deps.env.TIER_LIMITS[user.tier].addFiles },
    maxBytes: maxUploadBytes(deps),
  };
}

export async function renameFile(options: {
  deps: Deps;
  user: SessionUser;
  fileId: string;
  name: string;
}): Promise<FileItem> {
  const { deps, user } = options;
  await ownedFile(deps, user, options.fileId);
  const row = await repo.rename(deps.db, user.id, options.fileId, options.name, deps.clock.now());
  if (!row) throw new AppError("not_found", "No such file.");
  return presentFile(row);
}

/** Removes the file, its chunks and embeddings (rows) and its stored object. */
export async function deleteFile(options: {
  deps: Deps;
  user: SessionUser;
  fileId: string;
}): Promise<void> {
  const { deps, user } = options;
  await ownedFile(deps, user, options.fileId);
  const row = await removeFileRow(deps, user.id, options.fileId);
  if (!row) throw new AppError("not_found", "No such file.");
  await deps.storage.delete([row.storageKey, viewKeyOf(row.storageKey)]);
}

/** The file row, its chunks, and its run with the run's events, in one transaction. */
export function removeFileRow(
  deps: Deps,
  userId: string,
  fileId: string,
): Promise<repo.FileRow | null> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.remove(tx, userId, fileId);
    if (row) await runs.deleteRun(tx, row.runId);
    return row;
  });
}

/**
 * A failed password-protected PDF back to "queued" for another attempt, under a new run (so its
 * events start again at seq 1 and no earlier `failed` ends a stream that follows it); the old run
 * and its events go. Null when the file is not (or no longer) waiting for a password: two
 * submissions at once queue one attempt.
 */
function requeueForPassword(
  deps: Deps,
  userId: string,
  fileId: string,
): Promise<repo.FileRow | null> {
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockOwned(tx, userId, fileId);
    if (!locked || !repo.waitsForPassword(locked)) return null;
    const run = await runs.createRun(tx, { userId, kind: INGEST_RUN_KIND, subjectId: locked.id });
    const row = await repo.requeue(tx, locked.id, run.id, deps.clock.now());
    await runs.deleteRun(tx, locked.runId);
    return row;
  });
}

/**
 * POST /api/files/:id/password: a password-protected PDF of the caller is read again with the
 * password (a new ingestion run). addFiles is not charged again. The password goes only into the
 * job's data, which the job deletes when it ends; a wrong one fails the run with a message saying
 * so, and the person may try again.
 */
export async function retryWithPassword(options: {
  deps: Deps;
  user: SessionUser;
  fileId: string;
  password: string;
}): Promise<FileItem> {
  const { deps, user } = options;
  const queue = deps.jobs;
  const file = await ownedFile(deps, user, options.fileId);
  if (!queue) throw new AppError("unavailable", "File uploads are not running on this server.");
  if (!repo.waitsForPassword(file)) throw new AppError("conflict", NO_PASSWORD_NEEDED);
  const row = await requeueForPassword(deps, user.id, file.id);
  if (!row) throw new AppError("conflict", NO_PASSWORD_NEEDED);
  try {
    await sendIngestion(
      deps,
      INGEST_QUEUE,
      { fileId: row.id, password: options.password },
      user.id,
    );
  } catch (error) {
    // Not queued: the file waits for its password again, as it did before.
    const message = file.error ?? "";
    await repo
      .markFailed(
        deps.db,
        row.id,
        { error: message, errorCause: "user", errorCode: file.errorCode },
        deps.clock.now(),
      )
      .then(() =>
        runs.appendEvent(deps, { runId: row.runId, type: "failed", payload: { message } }),
      )
      .then(() => runs.endRun(deps, row.runId, { status: "failed", result: { message } }))
      .catch(() => undefined);
    throw error;
  }
  return presentFile(row);
}

const NO_PASSWORD_NEEDED = "This file is not waiting for a password.";

/** Of the given file ids, those that are not (or no longer) files of the caller. */
export async function missingFiles(options: {
  deps: Deps;
  user: SessionUser;
  fileIds: string[];
}): Promise<string[]> {
  const found = new Set(
    (await repo.existingIds(options.deps.db, options.user.id, options.fileIds)).map((id) =>
      id.toLowerCase(),
    ),
  );
  return options.fileIds.filter((id) => !found.has(id.toLowerCase()));
}

export async function openDownload(options: {
  deps: Deps;
  user: SessionUser;
  fileId: string;
}): Promise<{ row: repo.FileRow; body: Readable }> {
  const row = await ownedFile(options.deps, options.user, options.fileId);
  return { row, body: await options.deps.storage.get(row.storageKey) };
}

/** Account deletion: every stored object of the person (rows go with the user, by cascade). */
export async function removeStoredFilesOf(deps: Deps, userId: string): Promise<void> {
  const keys = await deps.storage.list(`u/${userId}`);
  if (keys.length > 0) await deps.storage.delete(keys);
}

export function presentEvent(event: runs.RunEvent): FileEvent {
  const payload = event.payload;
  const number = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : undefined);
  const page = number(payload.page);
  const pages = number(payload.pages);
  return {
    seq: event.seq,
    type:
      (["uploaded", "parsing", "ocr", "indexing", "embedding", "ready", "failed"] as const).find(
        (t) => t === event.type,
      ) ?? "parsing",
    message: typeof payload.message === "string" ? payload.message : event.type,
    ...(page !== undefined ? { page } : {}),
    ...(pages !== undefined ? { pages } : {}),
    at: event.createdAt.toISOString(),
  };
}

/** GET /api/files/:id/events: its run's events (runs.streamRunEvents), as FileEvents. */
export function streamFileEvents(options: { deps: Deps; c: Context<AppEnv>; runId: string }) {
  return runs.streamRunEvents({
    ...options,
    present: presentEvent,
    endsOn: (event) => event.type === "ready" || event.type === "failed",
  });
}

/**
 * At start-up, with pgvector on: copies the embeddings stored before into the vector column
 * (files at a time, so a large table is never read at once). Returns the passages filled.
 */
export function fillMissingVectors(db: Db): Promise<number> {
  return vectors.fillMissingVectors(db);
}
export { accountData } from "./files.account.ts";
