import { createReadReplicas, type Db } from "@nexus/db";
import { withModelMetrics } from "./ai/model-metrics.ts";
import { createModelRegistry } from "./ai/models.ts";
import { chatKinds } from "./chat-kinds.ts";
import type { Deps } from "./deps.ts";
import type { Env } from "./env.ts";
import { createMailer } from "./integrations/mail.ts";
import { createSearchProvider } from "./integrations/search/create-search-provider.ts";
import { withSearchMetrics } from "./integrations/search/search-metrics.ts";
import { createStorage } from "./integrations/storage.ts";
import { createWebFetch } from "./integrations/web-fetch.ts";
import { systemClock } from "./lib/clock.ts";
import type { Logger } from "./lib/logger.ts";
import { createMetrics, type Metrics } from "./lib/metrics.ts";
import { createImageUrls } from "./modules/images/image-urls.ts";
import { loadImageKey } from "./modules/images/images.repo.ts";
import { PERSONAL_SETTINGS } from "./personal-settings.ts";
import { THREAD_PARTS } from "./thread-parts.ts";
import { SAVE_TURN } from "./turn-store.ts";

/**
 * The running server's dependencies from its environment (main thread and chat workers alike).
 * `imageKey`: the image proxy's signing key, read from PostgreSQL (loadImageKey) by the caller.
 */
export function createRuntimeDeps(options: {
  env: Env;
  logger: Logger;
  db: Db;
  imageKey: Buffer;
  /** Open pools to DATABASE_REPLICA_URLS (the HTTP process; chat workers serve no list reads). */
  readReplicas?: boolean;
  /** A chat worker's forwarder (lib/metrics.ts); by default this process's own registry. */
  metrics?: Metrics;
}): Deps {
  const { env, logger, db } = options;
  const metrics = options.metrics ?? createMetrics({ db, logger });
  const webFetch = createWebFetch({ logger, allowAddresses: env.WEB_FETCH_ALLOW_ADDRESSES });
  const models = withModelMetrics(createModelRegistry({ env, logger }), metrics);
  const replicas =
    options.readReplicas && env.DATABASE_REPLICA_URLS.length > 0
      ? createReadReplicas({
          primary: db,
          urls: env.DATABASE_REPLICA_URLS,
          maxLagSeconds: env.DATABASE_REPLICA_MAX_LAG_SECONDS,
        })
      : undefined;
  return {
    db,
    ...(replicas ? { replicas } : {}),
    models,
    chatKinds: chatKinds(),
    threadParts: THREAD_PARTS,
    saveTurn: SAVE_TURN,
    personalSettings: PERSONAL_SETTINGS,
    search: withSearchMetrics(
      createSearchProvider({ env, db, webFetch, embedder: models.embedder, logger }),
      metrics,
    ),
    metrics,
    lifecycle: { draining: false },
    webFetch,
    images: createImageUrls(options.imageKey),
    env,
    logger,
    clock: systemClock,
    storage: createStorage({
      ...(env.STORAGE_URL ? { storageUrl: env.STORAGE_URL } : {}),
      dataDir: env.DATA_DIR,
    }),
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger }),
  };
}

/**
 * A chat worker's dependencies: the same, with the image proxy's key read from PostgreSQL (the
 * main thread created the key row before starting workers: this only reads it).
 */
export async function createWorkerDeps(options: {
  env: Env;
  logger: Logger;
  db: Db;
  metrics: Metrics;
}): Promise<Deps> {
  return createRuntimeDeps({ ...options, imageKey: await loadImageKey(options.db) });
}
