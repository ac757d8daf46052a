import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { findDebianPostgres } from "../../../../scripts/debian-postgres.mjs";

/**
 * A Debian PostgreSQL primary and one streaming replica (pg_basebackup -R) on 127.0.0.1, in a
 * temp directory. As root every binary runs as the `postgres` system user (PostgreSQL refuses
 * root). Both load pg_stat_statements (a test creates the extension in its database on the
 * primary; the replica then counts the statements it serves). For the read-replica and
 * multi-instance tests and bench/replica-load.ts.
 */
export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** `database` on the primary (created empty) and the same on the replica. */
  urlsFor: (database: string) => { primary: string; replica: string };
  stopReplica: () => void;
  startReplica: () => void;
  close: () => void;
}

/** The Debian PostgreSQL bin folder (the same lookup the test runner uses), or null. */
export function debianPostgresBin(): string | null {
  return findDebianPostgres()?.bin ?? null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("port")),
      );
    });
  });
}

function ids(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const bin = debianPostgresBin();
  if (!bin)
    throw new Error("no Debian PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)");
  const owner = ids();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-replica-"));
  fs.chmodSync(dir, 0o755);
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const password = randomBytes(18).toString("hex");
  const run = (name: string, args: string[]) => {
    const result = spawnSync(path.join(bin, name), args, {
      encoding: "utf8",
      cwd: "/",
      env: { ...process.env, LC_ALL: "C.UTF-8", LANG: "C.UTF-8", PGPASSWORD: password },
      ...(owner ?? {}),
    });
    if (result.status !== 0)
      throw new Error(`${name} failed (${result.status}): ${result.stdout}${result.stderr}`);
  };
  const primaryData = path.join(dir, "primary");
  const replicaData = path.join(dir, "replica");
  const pwfile = path.join(dir, "pwfile");
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) fs.chownSync(pwfile, owner.uid, owner.gid);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const settings = (port: number) =>
    [
      "-c listen_addresses=127.0.0.1",
      `-p ${port}`,
      `-c unix_socket_directories=${dir}`,
      "-c max_connections=200",
      "-c fsync=off",
      "-c full_page_writes=off",
      "-c wal_level=replica",
      "-c hot_standby=on",
      // Replica-side queries never cancel replay for these tests' short reads.
      "-c max_standby_streaming_delay=-1",
      // Each server counts its own statements: the tests see which one served a read.
      "-c shared_preload_libraries=pg_stat_statements",
    ].join(" ");
  const pgCtl = (data: string, action: "start" | "stop", port: number) =>
    action === "start"
      ? run("pg_ctl", [
          "start",
          "-D",
          data,
          "-l",
          `${data}.log`,
          "-w",
          "-t",
          "60",
          "-o",
          settings(port),
        ])
      : run("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w", "-t", "30"]);
  let primaryUp = false;
  let replicaUp = false;
  const close = () => {
    if (replicaUp) pgCtl(replicaData, "stop", replicaPort);
    if (primaryUp) pgCtl(primaryData, "stop", primaryPort);
    replicaUp = primaryUp = false;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run("initdb", [
      "-D",
      primaryData,
      "-U",
      "postgres",
      "--auth=scram-sha-256",
      `--pwfile=${pwfile}`,
      "--encoding=UTF8",
      "--locale=C.UTF-8",
      "--no-sync",
    ]);
    pgCtl(primaryData, "start", primaryPort);
    primaryUp = true;
    run("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      replicaData,
      "-R",
      "-X",
      "stream",
      "--no-sync",
    ]);
    pgCtl(replicaData, "start", replicaPort);
    replicaUp = true;
  } catch (error) {
    close();
    throw error;
  }
  const url = (port: number, database: string) =>
    `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  return {
    primaryUrl: url(primaryPort, "postgres"),
    replicaUrl: url(replicaPort, "postgres"),
    urlsFor: (database) => ({
      primary: url(primaryPort, database),
      replica: url(replicaPort, database),
    }),
    stopReplica: () => {
      if (replicaUp) pgCtl(replicaData, "stop", replicaPort);
      replicaUp = false;
    },
    startReplica: () => {
      if (!replicaUp) pgCtl(replicaData, "start", replicaPort);
      replicaUp = true;
    },
    close,
  };
}
