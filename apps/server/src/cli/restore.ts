/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` back, into an empty target
 * only: with DATABASE_URL an empty database, otherwise a DATA_DIR without a database; and
 * DATA_DIR/files without stored files. Every check runs before anything is written, so a refused
 * restore changes nothing. The database goes first (all or nothing), the files after it.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { lockHolder, startEmbeddedPostgres } from "@nexus/db";
import { loadEnv } from "../env.ts";
import { isEmptyDatabase, restoreExternal } from "./backup-db.ts";
import { isEmptyTree, MANIFEST, parseManifest, runCommand, UserError } from "./backup-kit.ts";
import { entryStream, extractEntry, readEntryBytes, readTar, type TarEntry } from "./tar.ts";

const USAGE = "Usage: npm run restore -- <file>   (a backup made by npm run backup)";

/** Writes the entries under `prefix/` into `target` (which must not exist yet). */
async function extractTree(
  file: string,
  entries: TarEntry[],
  prefix: string,
  target: string,
): Promise<void> {
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    if (!entry.name.startsWith(`${prefix}/`)) continue;
    const rel = entry.name.slice(prefix.length + 1).replace(/\/$/, "");
    if (!rel) continue;
    const out = path.join(target, rel);
    if (!out.startsWith(`${target}${path.sep}`) || rel.split("/").includes(".."))
      throw new UserError(`The backup holds an unsafe path: ${entry.name}`);
    if (entry.type === "directory") await fs.mkdir(out, { recursive: true, mode: 0o700 });
    else {
      await fs.mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
      await extractEntry(file, entry, out);
    }
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}

async function restore(file: string): Promise<string> {
  const env = loadEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  const entries = await readTar(file).catch(() => {
    throw new UserError(`${file} is not a backup archive (it cannot be read as tar).`);
  });
  const manifestEntry = entries.find((e) => e.name === MANIFEST);
  if (!manifestEntry)
    throw new UserError(`${file} is not a complete Nexus backup (no ${MANIFEST} in it).`);
  const manifest = parseManifest((await readEntryBytes(file, manifestEntry)).toString("utf8"));
  const filesDir = path.join(dataDir, "files");
  const pgDir = path.join(dataDir, "postgres");

  // Checks first: a refused restore writes nothing.
  if (env.DATABASE_URL && manifest.database !== "pg_dump")
    throw new UserError(
      "This backup holds the embedded database (made without DATABASE_URL): unset DATABASE_URL and restore it into an empty DATA_DIR.",
    );
  if (!env.DATABASE_URL && manifest.database !== "embedded")
    throw new UserError(
      "This backup holds a dump of an external PostgreSQL: set DATABASE_URL to an empty database and run this again.",
    );
  if (manifest.storage === "disk" && !(await isEmptyTree(filesDir)))
    throw new UserError(
      `Refused: ${filesDir} already holds stored files. Restore into an empty DATA_DIR (nothing was changed).`,
    );
  if (env.DATABASE_URL) {
    if (!(await isEmptyDatabase(env.DATABASE_URL)))
      throw new UserError(
        "Refused: the database at DATABASE_URL is not empty (it has tables). Create an empty database (createdb) and point DATABASE_URL at it (nothing was changed).",
      );
  } else {
    const holder = lockHolder(dataDir);
    if (holder !== null)
      throw new UserError(
        `Refused: a Nexus server (pid ${holder}) is running on ${dataDir}. Stop it, and restore into an empty DATA_DIR (nothing was changed).`,
      );
    if ((await fs.readdir(pgDir).catch(() => [])).length > 0)
      throw new UserError(
        `Refused: ${pgDir} already holds a database. Restore into an empty DATA_DIR (nothing was changed).`,
      );
  }

  // Traversable by the database user when this runs as root (DATA_DIR itself is not secret).
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  if (env.DATABASE_URL) {
    const dump = entries.find((e) => e.name === "database.pgdump");
    if (!dump) throw new UserError("The backup has no database.pgdump.");
    await restoreExternal({ url: env.DATABASE_URL, dump: entryStream(file, dump) });
  } else {
    const staging = `${pgDir}.restoring`;
    await fs.rm(staging, { recursive: true, force: true });
    await extractTree(file, entries, "postgres", staging);
    await fs.chmod(staging, 0o700);
    const password = entries.find((e) => e.name === "pg-password");
    if (!password) throw new UserError("The backup has no pg-password.");
    await fs.writeFile(path.join(dataDir, ".pg-password"), await readEntryBytes(file, password), {
      mode: 0o600,
    });
    // As root the embedded PostgreSQL runs as the `postgres` user, which must own its files.
    if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", staging]);
    await fs.rm(pgDir, { recursive: true, force: true }); // empty (checked above)
    await fs.rename(staging, pgDir);
    try {
      // Start once: PostgreSQL replays the backup's WAL up to its consistent point, then stops.
      const started = await startEmbeddedPostgres({ dataDir });
      await started.stop();
    } catch (error) {
      await fs.rm(pgDir, { recursive: true, force: true }); // ours: leave the target as it was
      throw error;
    }
  }

  if (manifest.storage === "disk") {
    const staging = `${filesDir}.restoring`;
    await fs.rm(staging, { recursive: true, force: true });
    await extractTree(file, entries, "files", staging);
    await fs.rm(filesDir, { recursive: true, force: true }); // no files (checked above)
    await fs.rename(staging, filesDir);
    return `${manifest.files} stored files restored into ${filesDir}`;
  }
  return `stored files: ${manifest.files} keys are listed in the backup's s3-keys.txt; their bytes are in the S3 bucket (restore it with its own tools)`;
}

async function main(argv: string[]): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const source = path.resolve(file);
  if (!(await exists(source))) {
    console.error(`${source} does not exist.`);
    return 1;
  }
  const files = await restore(source);
  console.log(`Restored ${source}: the database, and ${files}.`);
  return 0;
}

runCommand(() => main(process.argv.slice(2)), "Restore failed");
