/**
 * G11: `npm run backup` / `npm run restore` round trips, run as the operator runs them (the CLI in
 * a child process), on the embedded PostgreSQL (while its server holds DATA_DIR) and on Debian's
 * PostgreSQL through DATABASE_URL: per-table row counts and content hashes identical, stored
 * files byte-identical; a restore into a target that is not empty is refused and changes nothing.
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { createDatabase, runMigrations, schema, startEmbeddedPostgres } from "@nexus/db";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type DebianPostgres, start as startDebian } from "../../../scripts/debian-postgres.mjs";
import { createDiskStorage } from "../src/integrations/storage.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-backup-test-"));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function cli(
  command: "backup" | "restore",
  file: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, STORAGE_URL: _storage, ...base } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `apps/server/src/cli/${command}.ts`, file],
      { cwd: ROOT, env: { ...base, LOG_LEVEL: "warn", ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Row count and md5 of every table outside the system schemas (rows in a fixed order). */
async function tableHashes(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ s: string; t: string }>(
      `select table_schema as s, table_name as t from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1, 2`,
    );
    const out: Record<string, string> = {};
    for (const { s, t } of tables.rows) {
      const r = await client.query<{ n: number; h: string | null }>(
        `select count(*)::int as n, md5(string_agg(x::text, E'\\n' order by x::text)) as h
         from "${s}"."${t}" x`,
      );
      out[`${s}.${t}`] = `${r.rows[0]?.n} ${r.rows[0]?.h ?? "-"}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** Every stored file under DATA_DIR/files, by key: its size and SHA-256 (byte-identical check). */
function storedFiles(dataDir: string): Map<string, string> {
  const root = path.join(dataDir, "files");
  const out = new Map<string, string>();
  const entries = fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }) : [];
  for (const rel of entries.map(String).sort()) {
    const full = path.join(root, rel);
    if (!fs.statSync(full).isFile()) continue;
    const bytes = fs.readFileSync(full);
    out.set(rel, `${bytes.length} ${createHash("sha256").update(bytes).digest("hex")}`);
  }
  return out;
}

/** Accounts and uploaded files (rows and stored bytes), sizes from empty to several MiB. */
async function seed(url: string, dataDir: string): Promise<void> {
  const database = createDatabase({ url, max: 2 });
  try {
    await runMigrations(database.db);
    const storage = createDiskStorage(path.join(dataDir, "files"));
    const sizes = [0, 1, 511, 512, 4096, 1024 * 1024 + 7];
    for (let u = 0; u < 2; u++) {
      const [user] = await database.db
        .insert(schema.users)
        .values({ email: `person${u}@example.test`, name: `Person ${u} — ünïcødé` })
        .returning();
      if (!user) throw new Error("no user");
      for (const size of sizes) {
        const key = `u/${user.id}/${randomBytes(9).toString("hex")}`;
        await storage.put(key, Readable.from([randomBytes(size)]));
        await database.db.insert(schema.files).values({
          userId: user.id,
          name: `file ${size}.pdf`,
          kind: "pdf",
          size,
          storageKey: key,
          status: "ready",
          runId: crypto.randomUUID(),
        });
      }
    }
  } finally {
    await database.close();
  }
}

describe("backup and restore (G11)", () => {
  it("round-trips the embedded database while its server runs, with files; refuses a non-empty target", async () => {
    const source = tempDir();
    const server = await startEmbeddedPostgres({ dataDir: source });
    cleanups.push(server.stop);
    await seed(server.url, source);
    const before = await tableHashes(server.url);
    expect(before["public.files"]).toMatch(/^12 /);
    const files = storedFiles(source);
    expect(files.size).toBe(12);

    const archive = path.join(tempDir(), "nexus.tar");
    const made = await cli("backup", archive, { DATA_DIR: source });
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toContain("12 stored files");

    const target = path.join(tempDir(), "restored");
    const restored = await cli("restore", archive, { DATA_DIR: target });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);

    const check = async () => {
      const copy = await startEmbeddedPostgres({ dataDir: target });
      try {
        expect(await tableHashes(copy.url)).toEqual(before);
      } finally {
        await copy.stop();
      }
      expect(storedFiles(target)).toEqual(files);
    };
    await check();

    const again = await cli("restore", archive, { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Refused: .* already holds/);
    await check();
  }, 600_000);

  it("round-trips an external PostgreSQL (pg_dump) with files; refuses a database that is not empty", async () => {
    const cluster: DebianPostgres = await startDebian();
    cleanups.push(cluster.stop);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database src");
    await admin.query("create database dst");
    await admin.end();
    const url = (name: string) => cluster.url.replace(/\/postgres$/, `/${name}`);

    const source = tempDir();
    await seed(url("src"), source);
    const before = await tableHashes(url("src"));
    const files = storedFiles(source);
    expect(files.size).toBe(12);

    const archive = path.join(tempDir(), "nexus.tar");
    const made = await cli("backup", archive, { DATA_DIR: source, DATABASE_URL: url("src") });
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);

    const target = path.join(tempDir(), "restored");
    const restored = await cli("restore", archive, {
      DATA_DIR: target,
      DATABASE_URL: url("dst"),
    });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(await tableHashes(url("dst"))).toEqual(before);
    expect(storedFiles(target)).toEqual(files);

    // A non-empty database is refused before anything is written (files folder empty here).
    const fresh = path.join(tempDir(), "fresh");
    const again = await cli("restore", archive, { DATA_DIR: fresh, DATABASE_URL: url("dst") });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Refused: the database at DATABASE_URL is not empty/);
    expect(await tableHashes(url("dst"))).toEqual(before);
    expect(storedFiles(fresh).size).toBe(0);
  }, 600_000);
});
