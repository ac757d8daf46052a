import { defineJob } from "../../jobs/job-definition.ts";
import { deleteEndedJobsWithKey } from "../../jobs/queue.ts";
import { EMBED_QUEUE, type EmbedJob, embedFile, queueMissingEmbeddings } from "./files.embed.ts";
import { INGEST_QUEUE, type IngestJob, ingestFile, PASSWORD_KEY } from "./files.ingest.ts";

/** The files module's durable jobs (startJobRuntime registers them; job-definitions.ts lists them). */
export const FILE_JOBS = [
  defineJob<IngestJob>({
    name: INGEST_QUEUE,
    retryDelaySeconds: 2,
    concurrency: (deps) => deps.env.INGEST_CONCURRENCY,
    handler: ingestFile,
    async onStart(deps) {
      // A password-carrying ingestion whose instance died on its last attempt ended without its
      // handler, which deletes it: its password goes now.
      const swept = await deleteEndedJobsWithKey(deps.db, INGEST_QUEUE, PASSWORD_KEY);
      if (swept > 0)
        deps.logger.info({ jobs: swept }, "deleted ended ingestion jobs that held a password");
    },
  }),
  defineJob<EmbedJob>({
    // Embeddings a file is missing (EMBEDDING_MODEL): after a failed call, or at start-up.
    name: EMBED_QUEUE,
    retryDelaySeconds: 60,
    retryBackoff: true,
    policy: "short",
    // One file at a time (the embedding server also serves the answers); none without a model.
    concurrency: (deps) => (deps.models.embedder ? 1 : 0),
    handler: embedFile,
    async onStart(deps) {
      await queueMissingEmbeddings(deps);
    },
  }),
];
