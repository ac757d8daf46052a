import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The shipped deploy/nginx.conf run as an unprivileged nginx on 127.0.0.1, its upstream pointed
 * at local Nexus processes. Only addresses and paths change: the upstream, proxy and retry rules
 * under test are the shipped ones. Each response carries X-Nexus-Upstream (the instance that
 * answered), which the tests use to see the requests alternate.
 */
export interface NginxProxy {
  origin: string;
  /** nginx's error log so far (upstream failures and retries show there). */
  errorLog: () => string;
  stop: () => Promise<void>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
export const SHIPPED_NGINX_CONF = path.join(ROOT, "deploy/nginx.conf");

export function nginxAvailable(): boolean {
  return !spawnSync("nginx", ["-v"], { encoding: "utf8" }).error;
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

/** deploy/nginx.conf with compose's `nexusN:3000` as 127.0.0.1 ports, logs and listen local. */
export function localNginxConf(options: {
  upstreamPorts: number[];
  listenPort: number;
  prefix: string;
}): string {
  const shipped = fs.readFileSync(SHIPPED_NGINX_CONF, "utf8");
  const local = shipped
    .replaceAll(/nexus(\d+):3000/g, (whole, n: string) => {
      const port = options.upstreamPorts[Number(n) - 1];
      if (port === undefined) throw new Error(`no local port for ${whole}`);
      return `127.0.0.1:${port}`;
    })
    .replace(/listen 80;/, `listen 127.0.0.1:${options.listenPort};`)
    .replaceAll("/var/log/nginx/", `${options.prefix}/`)
    .replace(/worker_processes auto;/, "worker_processes 1;")
    .replace(
      /location \/ \{/,
      "location / {\n      add_header X-Nexus-Upstream $upstream_addr always;",
    );
  if (local === shipped) throw new Error("deploy/nginx.conf did not change: its layout moved");
  const upstreams = [...local.matchAll(/^\s*server 127\.0\.0\.1:\d+/gm)].length;
  if (upstreams !== options.upstreamPorts.length)
    throw new Error(`deploy/nginx.conf names ${upstreams} upstream servers`);
  return local;
}

export async function startNginx(options: { upstreamPorts: number[] }): Promise<NginxProxy> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-nginx-"));
  fs.chmodSync(prefix, 0o755);
  const listenPort = await freePort();
  const file = path.join(prefix, "nginx.conf");
  fs.writeFileSync(file, localNginxConf({ ...options, listenPort, prefix }));
  const errorLog = path.join(prefix, "error.log");
  const child: ChildProcess = spawn(
    "nginx",
    [
      "-p",
      prefix,
      "-c",
      file,
      "-g",
      `daemon off; pid ${prefix}/nginx.pid; error_log ${errorLog} warn;`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${listenPort}`;
  const readLog = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGQUIT"); // graceful: the master stops its workers
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) break;
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(listenPort, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (up) return { origin, errorLog: readLog, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  const why = `${output}${readLog()}`;
  await stop();
  throw new Error(`nginx did not start:\n${why}`);
}
