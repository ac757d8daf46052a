// A throwaway cluster of the system's (Debian) PostgreSQL on 127.0.0.1, for running the server
// tests against an external database (TEST_DATABASE_URL). PostgreSQL refuses to run as root, so as
// root every binary runs as the `postgres` system user, in a temp directory that user owns.
//
//   import { findDebianPostgres, start } from "./debian-postgres.mjs";
//   const pg = await start();   // { url, port, dir, version, stop }
//   ...; await pg.stop();
//
// Run directly (`node scripts/debian-postgres.mjs`) it starts a cluster, prints its URL and stops
// it on Ctrl+C.

import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = "/usr/lib/postgresql";

/** The newest /usr/lib/postgresql/<version>/bin that has initdb, or null. */
export function findDebianPostgres() {
  let versions = [];
  try {
    versions = fs.readdirSync(ROOT);
  } catch {
    return null;
  }
  const found = versions
    .filter((v) => fs.existsSync(path.join(ROOT, v, "bin", "initdb")))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  const version = found[0];
  return version ? { version, bin: path.join(ROOT, version, "bin") } : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === "object"
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

function postgresIds() {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/** Runs a PostgreSQL binary, as the postgres user when we are root. Throws with its output. */
function run(file, args, ids) {
  const result = spawnSync(file, args, {
    encoding: "utf8",
    cwd: "/",
    env: { ...process.env, LC_ALL: "C.UTF-8", LANG: "C.UTF-8" },
    ...(ids ?? {}),
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`;
    throw new Error(
      `${path.basename(file)} ${args[0] ?? ""} failed (exit ${result.status}):\n${output}`,
    );
  }
  return result.stdout;
}

/**
 * Initialises and starts a cluster in a new temp directory on a free loopback port.
 * Resolves with { url, port, dir, version, stop }; the URL names the `postgres` database.
 */
export async function start(options = {}) {
  const found = findDebianPostgres();
  if (!found) throw new Error(`no PostgreSQL binaries under ${ROOT}/*/bin`);
  const isRoot = process.getuid?.() === 0;
  const ids = isRoot ? postgresIds() : null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-debian-pg-"));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, "data");
  const pwfile = path.join(dir, "pwfile");
  const logfile = path.join(dir, "postgres.log");
  const password = randomBytes(18).toString("hex");
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (ids) {
    fs.chownSync(dir, ids.uid, ids.gid);
    fs.chownSync(pwfile, ids.uid, ids.gid);
  }
  const bin = (name) => path.join(found.bin, name);
  let started = false;
  const stop = async () => {
    if (started) {
      try {
        run(bin("pg_ctl"), ["stop", "-D", data, "-m", "fast", "-w", "-t", "30"], ids);
      } catch (error) {
        console.error(String(error));
      }
      started = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(
      bin("initdb"),
      [
        "-D",
        data,
        "-U",
        "postgres",
        "--auth=scram-sha-256",
        `--pwfile=${pwfile}`,
        "--encoding=UTF8",
        "--locale=C.UTF-8",
        "--no-sync",
      ],
      ids,
    );
    fs.rmSync(pwfile);
    const port = options.port ?? (await freePort());
    const settings = [
      "-c listen_addresses=127.0.0.1",
      `-p ${port}`,
      `-c unix_socket_directories=${dir}`,
      "-c max_connections=200",
      // A throwaway test cluster: durability is not under test here, speed is welcome.
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    run(bin("pg_ctl"), ["start", "-D", data, "-l", logfile, "-w", "-t", "60", "-o", settings], ids);
    started = true;
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    return { url, port, dir, version: found.version, stop };
  } catch (error) {
    let log = "";
    try {
      log = fs.readFileSync(logfile, "utf8");
    } catch {
      // no log yet
    }
    await stop();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}${log ? `\n${log}` : ""}`,
    );
  }
}

/** Stops a cluster started by start(). */
export async function stop(handle) {
  await handle.stop();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const handle = await start();
  console.log(`PostgreSQL ${handle.version} running: ${handle.url}`);
  console.log("Ctrl+C stops it and removes its directory.");
  const done = async () => {
    await handle.stop();
    process.exit(0);
  };
  process.on("SIGINT", done);
  process.on("SIGTERM", done);
  setInterval(() => undefined, 1 << 30);
}
