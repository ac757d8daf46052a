import { vectorToBytes } from "../../ai/embeddings.ts";
import type { Deps } from "../../deps.ts";
import * as embedRepo from "./files.embed-repo.ts";
import * as repo from "./files.repo.ts";

/**
 * Embeddings of file passages (EMBEDDING_MODEL). Ingestion embeds a file's passages before it is
 * ready (files.ingest.ts); when that fails the file is ready with full-text only, its
 * files.embedding_model stays null, a warning says so, and the `file-embed` job fills the
 * embeddings later: queued a few minutes after the failure, and for every ready file without
 * embeddings of the current model when an instance starts (a file read before EMBEDDING_MODEL was
 * set, or with another model). A file's embeddings are written all at once, or not at all.
 */

export const EMBED_QUEUE = "file-embed";

/** Shown with the file while its passages have no embeddings although a model is configured. */
export const EMBEDDINGS_MISSING_WARNING =
  "Search by meaning is not available for this file yet (the embedding model did not answer); search by its words works.";

/** How long after a failed embedding the file-embed job tries again. */
export const EMBED_RETRY_AFTER_SECONDS = 300;

export interface EmbedJob {
  fileId: string;
}

/** The text a passage is embedded as: its heading path, then its content. */
export function embeddingText(chunk: { headingPath: string; content: string }): string {
  return chunk.headingPath ? `${chunk.headingPath}\n\n${chunk.content}` : chunk.content;
}

/** Queues the file-embed job for one file (once: a job already waiting for it is enough). */
export async function queueEmbedding(
  deps: Deps,
  fileId: string,
  options: { startAfterSeconds?: number } = {},
): Promise<void> {
  await deps.jobs?.send(EMBED_QUEUE, { fileId } satisfies EmbedJob, {
    singletonKey: fileId,
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
  });
}

/**
 * At start-up: a file-embed job for every ready file without embeddings of EMBEDDING_MODEL.
 * Returns how many files were found.
 */
export async function queueMissingEmbeddings(deps: Deps): Promise<number> {
  const embedder = deps.models.embedder;
  if (!embedder || !deps.jobs) return 0;
  const ids = await embedRepo.filesWithoutEmbeddings(deps.db, embedder.model);
  for (const id of ids) await queueEmbedding(deps, id);
  if (ids.length > 0)
    deps.logger.info(
      { files: ids.length, model: embedder.model },
      "files without embeddings queued for embedding",
    );
  return ids.length;
}

/**
 * The file-embed job: embeds every passage of a ready file and saves them with the model in one
 * transaction. Skips a file that is gone, not ready or already embedded with the model. A failed
 * call throws so pg-boss retries it (with backoff); after the last attempt the file keeps its
 * full-text search and its warning.
 */
export async function embedFile(
  deps: Deps,
  job: { data: EmbedJob; retryCount: number; retryLimit: number },
): Promise<void> {
  const embedder = deps.models.embedder;
  if (!embedder) return;
  const file = await repo.findById(deps.db, job.data.fileId);
  if (file?.status !== "ready" || file.embeddingModel === embedder.model) return;
  const chunks = await embedRepo.chunkTexts(deps.db, file.id);
  if (chunks.length === 0) return;
  let vectors: Float32Array[];
  try {
    vectors = await embedder.embed(chunks.map(embeddingText));
  } catch (error) {
    const last = job.retryCount >= job.retryLimit;
    deps.logger.warn(
      { err: error, fileId: file.id, model: embedder.model, attempt: job.retryCount, last },
      last
        ? "embedding a file's passages failed again: it stays searchable by full-text only"
        : "embedding a file's passages failed: retrying later",
    );
    if (last) return;
    throw error;
  }
  const saved = await embedRepo.saveEmbeddings(deps.db, {
    fileId: file.id,
    model: embedder.model,
    ordinals: chunks.map((c) => c.ordinal),
    embeddings: vectors.map(vectorToBytes),
    warning: EMBEDDINGS_MISSING_WARNING,
    now: deps.clock.now(),
  });
  if (saved)
    deps.logger.info(
      { fileId: file.id, passages: chunks.length, model: embedder.model },
      "file passages embedded",
    );
}
