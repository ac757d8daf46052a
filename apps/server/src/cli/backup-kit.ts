/**
 * What `npm run backup` and `npm run restore` share: the archive's manifest, the PostgreSQL client
 * tools, and the hard-link snapshot of DATA_DIR/files.
 *
 * Archive layout (a POSIX tar, `tar -tvf` lists it):
 *   nexus-backup.json      the manifest below
 *   database.pgdump        external PostgreSQL (DATABASE_URL): `pg_dump --format=custom`
 *   postgres/…             embedded PostgreSQL: a base backup of DATA_DIR/postgres with its WAL
 *   pg-password            embedded PostgreSQL: DATA_DIR/.pg-password (the cluster's password)
 *   files/u/<user>/<key>   DATA_DIR/files (disk storage)
 *   s3-keys.txt            STORAGE_URL=s3://…: the stored keys, one a line (their bytes stay in S3)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";

export const MANIFEST = "nexus-backup.json";
export const FORMAT = "nexus-backup/1";

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  database: "pg_dump" | "embedded";
  storage: "disk" | "s3";
  /** Stored files in the archive (disk) or keys listed (s3). */
  files: number;
}

export class UserError extends Error {}

/** Runs a command's main and exits with its code; a UserError's message is shown as it is. */
export function runCommand(main: () => Promise<number>, failed: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        error instanceof UserError
          ? error.message
          : `${failed}: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    },
  );
}

export function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UserError("This file is not a Nexus backup (its manifest is not JSON).");
  }
  const manifest = value as Partial<Manifest>;
  if (manifest.format !== FORMAT)
    throw new UserError(`This file is not a Nexus backup this version can read (${FORMAT}).`);
  if (manifest.database !== "pg_dump" && manifest.database !== "embedded")
    throw new UserError("The backup's manifest names no database kind.");
  return manifest as Manifest;
}

/** A PostgreSQL client tool (pg_dump, pg_restore) on PATH, or a message saying how to get it. */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  const found = spawnSync(name, ["--version"], { encoding: "utf8" });
  if (found.error || found.status !== 0)
    throw new UserError(
      `${name} was not found on PATH. With DATABASE_URL, backups use PostgreSQL's own ${name}: ` +
        "install the client tools of your server's major version or newer " +
        "(Debian/Ubuntu: apt-get install postgresql-client) and run this again.",
    );
  return name;
}

/** A libpq connection for the client tools: the URL without its password, which goes in env. */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: "10" },
  };
}

async function walk(root: string, dir = ""): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(root, rel)));
    else if (entry.isFile() && !entry.name.endsWith(".partial")) out.push(rel);
  }
  return out;
}

/** Relative paths of the stored files under `root` (uploads still being written left out). */
export const listFiles = (root: string): Promise<string[]> => walk(root);

/**
 * Hard-links every stored file under `from` into `to` (a copy where links cannot be made): once
 * linked, a file deleted from storage keeps its bytes here. Stored files are written once and
 * renamed into place, never changed, so a link is a snapshot. Returns the number added.
 */
export async function linkSnapshot(from: string, to: string): Promise<number> {
  let added = 0;
  for (const rel of await listFiles(from)) {
    const target = path.join(to, rel);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      await fs.link(path.join(from, rel), target);
      added += 1;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST" || code === "ENOENT") continue; // already linked, or deleted since
      if (code !== "EXDEV" && code !== "EPERM") throw error;
      await fs.copyFile(path.join(from, rel), target).then(
        () => {
          added += 1;
        },
        (copyError: NodeJS.ErrnoException) => {
          if (copyError.code !== "ENOENT") throw copyError;
        },
      );
    }
  }
  return added;
}

/** True when `dir` is absent or holds no file (empty folders allowed). */
export async function isEmptyTree(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.every((entry) => entry.isDirectory());
}
