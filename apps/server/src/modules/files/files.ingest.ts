import { vectorToBytes } from "../../ai/embeddings.ts";
import type { Deps } from "../../deps.ts";
import { detectKind } from "../../integrations/document-text/detect.ts";
import { EMPTY_MESSAGE } from "../../integrations/document-text/limits.ts";
import { parseInProcess } from "../../integrations/document-text/parse-process.ts";
import {
  type DocumentKind,
  type ParsedDocument,
  ParseFailure,
} from "../../integrations/document-text/types.ts";
import * as runs from "../runs/runs.service.ts";
import * as usage from "../usage/usage.service.ts";
import { type Chunk, chunkPages } from "./chunker.ts";
import {
  EMBED_RETRY_AFTER_SECONDS,
  EMBEDDINGS_MISSING_WARNING,
  embeddingText,
  queueEmbedding,
} from "./files.embed.ts";
import { claimForIngestion, DEFER_SECONDS, sendIngestion } from "./files.fair.ts";
import * as repo from "./files.repo.ts";
import { saveViews } from "./files.views.ts";

export const INGEST_QUEUE = "file-ingest";
/** The kind of a file's ingestion run (modules/runs). */
export const INGEST_RUN_KIND = "ingest";

/** Per-file limits handed to the parsers. */
export const PARSE_LIMITS = {
  maxPages: 2_000,
  maxChars: 20_000_000,
  maxExpandedBytes: 500 * 1024 * 1024,
};

export interface IngestJob {
  fileId: string;
  /**
   * A PDF's password (POST /api/files/:id/password). It lives only in this job's data, and the
   * job is deleted as soon as it ends (ready or failed): never logged, never in our tables.
   */
  password?: string;
}

/** The job data key that holds a password (runtime.ts sweeps ended jobs that still have one). */
export const PASSWORD_KEY = "password" satisfies keyof IngestJob;

/**
 * A failure that is the file's own (not refunded, not retried): a file that takes longer than
 * FILE_PARSE_TIMEOUT_SECONDS or needs more than the limits is charged like any other, or one
 * account could hold an ingestion slot again and again for free. Only our own faults (a parser
 * that could not start, a database error after the retries) are "system" and refunded.
 */
const USER_CODES = new Set([
  "timeout",
  "encrypted",
  "wrong_password",
  "damaged",
  "unsupported",
  "too_large",
  "empty",
]);

async function event(deps: Deps, runId: string, type: string, payload: Record<string, unknown>) {
  await runs.appendEvent(deps, { runId, type, payload });
}

async function fail(
  deps: Deps,
  file: repo.FileRow,
  message: string,
  cause: "user" | "system",
  code: string | null,
): Promise<void> {
  const ended = await repo.markFailed(
    deps.db,
    file.id,
    { error: message, errorCause: cause, errorCode: code },
    deps.clock.now(),
  );
  if (!ended) return;
  if (cause === "system") {
    // Not the person's file (our fault): the addFiles unit comes back.
    const owner = await repo.ownerOf(deps.db, file.userId);
    if (owner)
      await usage.refund({
        deps,
        caller: { user: owner, anonId: null, ip: "" },
        counter: "addFiles",
      });
  }
  // Last: whoever follows the events sees the refund already made. The addFiles unit stays
  // charged for a failure that is the file's own.
  await event(deps, file.runId, "failed", { message, cause });
  await runs.endRun(deps, file.runId, {
    status: "failed",
    result: { message },
    cost: cause === "user" ? 1 : 0,
  });
}

/** Least time between two "embedding" progress events of one file. */
const EMBEDDING_EVENT_INTERVAL_MS = 1_000;

/**
 * The "embedding" step (EMBEDDING_MODEL set): every passage's vector, or null when the embedding
 * call failed — then the file is read anyway, searchable by full-text only; the log, its events
 * and its warnings say so, and the file-embed job tries again later.
 */
async function embedChunks(
  deps: Deps,
  file: repo.FileRow,
  chunks: Chunk[],
): Promise<Float32Array[] | null> {
  const embedder = deps.models.embedder;
  if (!embedder) return null;
  const total = chunks.length;
  await event(deps, file.runId, "embedding", {
    message: `Embedding ${total} ${total === 1 ? "passage" : "passages"}`,
  });
  let lastEvent = Date.now();
  try {
    return await embedder.embed(chunks.map(embeddingText), {
      onProgress: async (done) => {
        if (done >= total || Date.now() - lastEvent < EMBEDDING_EVENT_INTERVAL_MS) return;
        lastEvent = Date.now();
        await event(deps, file.runId, "embedding", {
          message: `Embedding passages: ${done} of ${total}`,
        });
      },
    });
  } catch (error) {
    deps.logger.warn(
      { err: error, fileId: file.id, model: embedder.model },
      "embeddings are missing for this file: embedding its passages failed; it is searchable by full-text only until the file-embed job fills them",
    );
    await event(deps, file.runId, "embedding", {
      message: "Embeddings are missing: search by meaning will come later, search by words works",
      missing: true,
    });
    return null;
  }
}

/**
 * The ingestion job: parse (in a worker, with limits), chunk, embed (with EMBEDDING_MODEL), index,
 * ready. Idempotent: a file
 * that already ended is skipped (another instance or an earlier attempt finished it), and saving
 * replaces any chunks a crashed attempt left. A thrown error lets pg-boss retry; on the last
 * attempt the file fails as "system" and the unit is refunded.
 */
export async function ingestFile(
  deps: Deps,
  job: { id?: string; data: IngestJob; retryCount: number; retryLimit: number },
): Promise<void> {
  // A throw leaves the job (and a password in it) to pg-boss's retry, unless none is left; any
  // other way out ends it. An ended job that held a password is deleted at once.
  try {
    await attempt(deps, job);
  } catch (error) {
    if (job.retryCount >= job.retryLimit) await forgetPassword(deps, job);
    throw error;
  }
  await forgetPassword(deps, job);
}

async function forgetPassword(deps: Deps, job: { id?: string; data: IngestJob }): Promise<void> {
  if (job.data.password === undefined || !job.id) return;
  await deps.jobs?.deleteJob(INGEST_QUEUE, job.id).catch((error: unknown) => {
    deps.logger.warn({ err: error, fileId: job.data.fileId }, "could not delete an ended job");
  });
}

async function attempt(
  deps: Deps,
  job: { data: IngestJob; retryCount: number; retryLimit: number },
): Promise<void> {
  const file = await repo.findById(deps.db, job.data.fileId);
  if (!file || file.status === "ready" || file.status === "failed") return;
  // One file per person at a time (files.fair.ts): another of theirs is running, so this job is
  // put back for later, uncounted, and its slot goes to the next job.
  if (!(await claimForIngestion(deps, file))) {
    await sendIngestion(deps, INGEST_QUEUE, job.data, file.userId, { startAfter: DEFER_SECONDS });
    return;
  }
  const password = typeof job.data.password === "string" ? job.data.password : undefined;
  try {
    await runIngestion(deps, file, password);
  } catch (error) {
    if (error instanceof ParseFailure) {
      const cause = USER_CODES.has(error.code) ? "user" : "system";
      await fail(deps, file, error.message, cause, error.code);
      return;
    }
    deps.logger.error(
      { err: error, fileId: file.id, attempt: job.retryCount },
      "file ingestion failed",
    );
    if (job.retryCount >= job.retryLimit) {
      await fail(
        deps,
        file,
        "Something went wrong while reading this file. Try adding it again.",
        "system",
        null,
      );
      return;
    }
    throw error;
  }
}

async function runIngestion(
  deps: Deps,
  file: repo.FileRow,
  password: string | undefined,
): Promise<void> {
  const now = () => deps.clock.now();
  // The claim (files.fair.ts) has set the file "parsing".
  await runs.markRunning(deps, file.runId);
  await event(deps, file.runId, "parsing", { message: "Reading the file" });
  const bytes = await deps.storage.getBytes(file.storageKey);
  let lastOcrEvent = Promise.resolve();
  // The upload judged the type from the first bytes; a ZIP container is told apart for sure only
  // by its central directory, at the end of the file.
  const kind = detectKind(bytes, file.name) ?? (file.kind as DocumentKind);
  const parsed: ParsedDocument = await parseInProcess({
    kind,
    bytes,
    name: file.name,
    ...(password !== undefined ? { password } : {}),
    limits: {
      ...PARSE_LIMITS,
      ocrMaxPages: deps.env.OCR_MAX_PAGES,
      ocrMaxSeconds: deps.env.OCR_MAX_SECONDS,
    },
    timeoutMs: deps.env.FILE_PARSE_TIMEOUT_SECONDS * 1000,
    memoryMb: deps.env.FILE_PARSE_MEMORY_MB,
    onProgress: (progress) => {
      if (progress.stage !== "ocr") return;
      lastOcrEvent = lastOcrEvent.then(() =>
        event(deps, file.runId, "ocr", {
          message: `OCR page ${progress.page} of ${progress.pages}`,
          page: progress.page,
          pages: progress.pages,
        }).catch(() => undefined),
      );
    },
  });
  await lastOcrEvent;
  // Two attempts at one file can overlap (a job retried after a crash beside the copy it had
  // deferred): the one that finds the file ended while it was parsing stops here. Moving an ended
  // file back to "indexing" let the slower one save it and announce it ready a second time
  // (files-ingest-race.test.ts; a double "ready" was seen once in files-crash under heavy load).
  if (!(await repo.advanceUnended(deps.db, file.id, "indexing", now()))) return;
  await event(deps, file.runId, "indexing", { message: "Indexing" });
  const chunks = chunkPages(parsed.pages);
  if (chunks.length === 0) throw new ParseFailure("empty", EMPTY_MESSAGE);
  const chars = parsed.pages.reduce((n, p) => n + p.text.length, 0);
  // The office views are saved before the file is ready (a retry writes them again).
  await saveViews(deps, file.storageKey, parsed.pages);
  const vectors = await embedChunks(deps, file, chunks);
  const embedder = deps.models.embedder;
  const missing = embedder !== null && vectors === null;
  const saved = await repo.saveChunks(
    deps.db,
    file,
    chunks.map((c, i) => {
      const vector = vectors?.[i];
      return {
        ordinal: c.ordinal,
        page: c.page,
        charStart: c.charStart,
        charEnd: c.charEnd,
        headingPath: c.headingPath,
        content: c.content,
        embedding: vector ? vectorToBytes(vector) : null,
      };
    }),
    {
      pages: parsed.pages.length,
      ocrPages: parsed.pages.filter((p) => p.ocr).map((p) => p.number),
      ocrBoxes: Object.fromEntries(
        parsed.pages.flatMap((p) =>
          p.ocr && p.boxes?.length ? [[String(p.number), p.boxes]] : [],
        ),
      ),
      chars,
      warnings: missing ? [...parsed.warnings, EMBEDDINGS_MISSING_WARNING] : parsed.warnings,
      embeddingModel: embedder && vectors ? embedder.model : null,
    },
    now(),
  );
  if (!saved) return;
  if (missing)
    await queueEmbedding(deps, file.id, { startAfterSeconds: EMBED_RETRY_AFTER_SECONDS }).catch(
      (error: unknown) =>
        deps.logger.error({ err: error, fileId: file.id }, "could not queue the file-embed job"),
    );
  await event(deps, file.runId, "ready", {
    message: "Ready",
    pages: parsed.pages.length,
  });
  await runs.endRun(deps, file.runId, {
    status: "succeeded",
    result: { pages: parsed.pages.length },
    cost: 1,
  });
}
