/**
 * A job-only instance for crash tests: the server's job runtime (every module's jobs plus the
 * test chat kinds) on the database at argv[2], no HTTP, with more configuration as JSON in
 * argv[3] (a fake SearXNG's address). Prints "worker ready" once it takes jobs; the test SIGKILLs
 * it mid-run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase } from "@nexus/db";
import { parseEnv } from "../../src/env.ts";
import { JOB_DEFINITIONS } from "../../src/job-definitions.ts";
import { startJobRuntime } from "../../src/jobs/runtime.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createRuntimeDeps } from "../../src/runtime-deps.ts";
import { TEST_CHAT_JOBS } from "../test-chat-job.ts";

const url = process.argv[2];
if (!url) throw new Error("usage: run-job-worker.ts <database url>");
const env = parseEnv({
  APP_URL: "http://nexus.test",
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "nexus-job-worker-")),
  JOB_EXPIRE_SECONDS: "2",
  JOB_MAINTENANCE_SECONDS: "1",
  ...(process.argv[3] ? (JSON.parse(process.argv[3]) as Record<string, string>) : {}),
});
const logger = createLogger({ level: "warn" });
const database = createDatabase({ url, max: 4 });
const deps = createRuntimeDeps({ env, logger, db: database.db, imageKey: Buffer.alloc(32) });
await startJobRuntime({
  deps,
  url,
  definitions: [...JOB_DEFINITIONS, ...TEST_CHAT_JOBS],
  pollingIntervalSeconds: 0.5,
});
console.log("worker ready");
