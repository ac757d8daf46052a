import type { Readable } from "node:stream";
import {
  type FileEvent,
  type FileItem,
  type FileList,
  type FileListItem,
  fileKindSchema,
  TIER_LIMITS,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { type RunEvent, readRunEvents } from "../../jobs/run-events.ts";
import { AppError } from "../../lib/errors.ts";
import * as usage from "../usage/usage.service.ts";
import * as repo from "./files.repo.ts";
import { maxUploadBytes } from "./files.upload.ts";

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

/**
 * The files a person attached to a question, checked: each must be theirs (a foreign, missing or
 * malformed id is the same 404 as on every file route) and ready to be searched (else 409).
 * Returns the distinct ids.
 */
export async function attachedFiles(options: {
  deps: Deps;
  user: SessionUser;
  fileIds: readonly string[];
}): Promise<string[]> {
  const ids = [...new Set(options.fileIds)];
  const wellFormed = ids.every((id) => UUID.test(id));
  const rows = wellFormed ? await repo.findOwnedMany(options.deps.db, options.user.id, ids) : [];
  if (rows.length !== ids.length) throw new AppError("not_found", "No such file.");
  if (rows.some((row) => row.status !== "ready"))
    throw new AppError("conflict", "A file attached to the question is not ready yet.");
  return ids;
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
    addFiles: { current: counted.current, limit: TIER_LIMITS[user.tier].addFiles },
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
  const row = await repo.remove(deps.db, user.id, options.fileId);
  if (!row) throw new AppError("not_found", "No such file.");
  await deps.storage.delete([row.storageKey]);
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

export function presentEvent(event: RunEvent): FileEvent {
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

export async function eventsAfter(
  deps: Deps,
  runId: string,
  afterSeq: number,
): Promise<FileEvent[]> {
  return (await readRunEvents(deps.db, runId, afterSeq)).map(presentEvent);
}
