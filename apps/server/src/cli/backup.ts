/**
 * `npm run backup -- <file>`: one archive (tar) holding a consistent copy of the database and the
 * stored files, taken while the server runs (or not). Layout: backup-kit.ts.
 *
 * Order: the files are hard-linked into a staging folder before the database's consistent point
 * and again after it, then archived. A row the dump holds has its file in one of the two: an upload
 * writes its file before it commits the row, and a deletion removes the row before the file, so a
 * file deleted while the backup runs still has its bytes in the first snapshot. Files uploaded
 * after the consistent point may be in the archive without a row (harmless).
 */
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "@nexus/db";
import { loadEnv } from "../env.ts";
import { createStorage } from "../integrations/storage.ts";
import { dumpExternal, embeddedBaseBackup } from "./backup-db.ts";
import {
  FORMAT,
  linkSnapshot,
  listFiles,
  MANIFEST,
  type Manifest,
  runCommand,
} from "./backup-kit.ts";
import { TarWriter } from "./tar.ts";

const USAGE =
  "Usage: npm run backup -- <file>   (writes one archive; restore with npm run restore)";

async function archiveFiles(tar: TarWriter, stage: string): Promise<number> {
  const files = await listFiles(stage);
  await tar.directory("files");
  for (const rel of files) await tar.file(`files/${rel}`, path.join(stage, rel));
  return files.length;
}

async function backup(target: string): Promise<Manifest> {
  const env = loadEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  const filesDir = path.join(dataDir, "files");
  const stage = path.join(dataDir, `.backup-${process.pid}`);
  const s3 = Boolean(env.STORAGE_URL);
  const snapshot = async () => {
    if (!s3) await linkSnapshot(filesDir, stage);
  };
  // The partial archive is removed on failure; a finished one is renamed into place.
  const partial = `${target}.partial`;
  const out = createWriteStream(partial, { flags: "wx", mode: 0o600 });
  await new Promise((resolve, reject) => out.once("open", resolve).once("error", reject));
  const tar = new TarWriter(out);
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  try {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.rm(stage, { recursive: true, force: true });
    await snapshot();
    let database: Manifest["database"];
    if (env.DATABASE_URL) {
      database = "pg_dump";
      const dump = path.join(dataDir, `.backup-${process.pid}.pgdump`);
      try {
        await dumpExternal({ url: env.DATABASE_URL, target: dump, afterSnapshot: snapshot });
        await tar.file("database.pgdump", dump);
      } finally {
        await fs.rm(dump, { force: true });
      }
    } else {
      database = "embedded";
      let url = runningEmbeddedUrl(dataDir, "postgres");
      if (!url) {
        embedded = await startEmbeddedPostgres({ dataDir });
        url = embedded.url.replace(/\/nexus$/, "/postgres");
      }
      const pgDir = path.join(dataDir, "postgres");
      await tar.directory("postgres");
      await embeddedBaseBackup({ url, pgDir, tar, prefix: "postgres", afterStop: snapshot });
      await tar.file("pg-password", path.join(dataDir, ".pg-password"));
    }
    let files: number;
    if (s3) {
      const keys = await createStorage({ storageUrl: env.STORAGE_URL, dataDir }).list("u");
      await tar.bytes("s3-keys.txt", Buffer.from(keys.map((k) => `${k}\n`).join("")));
      files = keys.length;
    } else {
      files = await archiveFiles(tar, stage);
    }
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database,
      storage: s3 ? "s3" : "disk",
      files,
    };
    await tar.bytes(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.end();
    await fs.rename(partial, target);
    return manifest;
  } catch (error) {
    out.destroy();
    await fs.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
    await embedded?.stop();
  }
}

async function main(argv: string[]): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const target = path.resolve(file);
  if (
    await fs.stat(target).then(
      () => true,
      () => false,
    )
  ) {
    console.error(`${target} already exists; choose a new file name (nothing was written).`);
    return 1;
  }
  const manifest = await backup(target);
  const { size } = await fs.stat(target);
  const stored =
    manifest.storage === "s3"
      ? `${manifest.files} S3 keys listed (their bytes stay in the bucket: back it up with its own tools)`
      : `${manifest.files} stored files`;
  console.log(
    `Backup written to ${target} (${(size / 1024 / 1024).toFixed(1)} MB): the ${
      manifest.database === "embedded" ? "embedded" : "external"
    } database and ${stored}. Restore it with: npm run restore -- ${file}`,
  );
  return 0;
}

runCommand(() => main(process.argv.slice(2)), "Backup failed");
