import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file is e2e/support/server-process.ts). */
export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * What tests spawn: the real server. `npm test` builds the server bundle first and sets
 * NEXUS_TEST_SERVER=bundle, so its tests run what `npm start` runs (apps/server/dist/main.js), and
 * each start skips transpiling the sources (half the CPU of a start on this 2-core machine). A
 * test run on its own (`npx playwright test`) runs the sources through tsx, never a stale bundle.
 */
export const SERVER_COMMAND =
  process.env.NEXUS_TEST_SERVER === "bundle"
    ? [process.execPath, "apps/server/dist/main.js"]
    : [process.execPath, "--import", "tsx", "apps/server/src/main.ts"];

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  pid: number;
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves when the process has exited. */
  exited: Promise<ExitInfo>;
  /** The exit, once it happened. */
  exit: () => ExitInfo | null;
  /** Resolves with the first match of pattern in the output (existing or future). */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpExecArray>;
  /** Signals the process, or its whole process group (the server and its PostgreSQL). */
  kill: (signal: NodeJS.Signals, options?: { group?: boolean }) => void;
}

export { freePort } from "@nexus/db";

/**
 * A new directory under the OS temp dir that the `postgres` system user can traverse
 * (embedded PostgreSQL runs as that user when we are root).
 */
export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** The caller's environment without anything that would point the server elsewhere. */
export function serverEnv(overrides: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  const drop = new Set(["DATABASE_URL", "TEST_DATABASE_URL", "SMTP_URL", "APP_URL", "PORT"]);
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !drop.has(key) && !key.startsWith("VITEST")) env[key] = value;
  }
  return { ...env, NODE_ENV: "production", LOG_LEVEL: "info", ...overrides };
}

/**
 * Spawns a server process in its own process group (so a SIGKILL can take its PostgreSQL too).
 * PORT and APP_URL are set from `port`.
 */
export function spawnServer(options: {
  port: number;
  env: Record<string, string>;
  command?: string[];
  cwd?: string;
}): ServerProcess {
  const [file, ...args] = options.command ?? SERVER_COMMAND;
  if (!file) throw new Error("empty command");
  const origin = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(file, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: { APP_URL: origin, ...options.env, PORT: String(options.port) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${file}`);
  let text = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  let exitInfo: ExitInfo | null = null;
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once("exit", (code, signal) => {
      exitInfo = { code, signal };
      for (const listener of listeners) listener();
      resolve(exitInfo);
    });
  });
  const waitForOutput = (pattern: RegExp, timeoutMs = 10_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(text);
        if (match) {
          cleanup();
          resolve(match);
        } else if (exitInfo) {
          cleanup();
          reject(new Error(`server exited before printing ${pattern}:\n${text.slice(-2000)}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${text.slice(-2000)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  return {
    pid,
    port: options.port,
    origin,
    output: () => text,
    exited,
    exit: () => exitInfo,
    waitForOutput,
    kill: (signal, { group = false } = {}) => {
      try {
        process.kill(group ? -pid : pid, signal);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
      }
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /api/health until it answers 200; rejects if the process exits first. */
export async function waitForHealth(
  server: ServerProcess,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    const exit = server.exit();
    if (exit) {
      throw new Error(
        `server exited (code ${exit.code}, signal ${exit.signal}) before it was healthy:\n${server.output().slice(-3000)}`,
      );
    }
    try {
      const response = await fetch(`${server.origin}/api/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(options.intervalMs ?? 25);
  }
  throw new Error(`server not healthy within the timeout:\n${server.output().slice(-3000)}`);
}

/** Resolves with the exit, or null if the process is still running after timeoutMs. */
export async function exitWithin(
  server: ServerProcess,
  timeoutMs: number,
): Promise<ExitInfo | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  return result;
}

/** Stops a server if it is still running: SIGTERM, then SIGKILL to its group after graceMs. */
export async function stopServer(server: ServerProcess, graceMs = 10_000): Promise<void> {
  if (server.exit()) {
    server.kill("SIGKILL", { group: true }); // leftovers of the group (an orphaned PostgreSQL)
    return;
  }
  server.kill("SIGTERM");
  if (!(await exitWithin(server, graceMs))) server.kill("SIGKILL", { group: true });
  await server.exited;
}

/** The session cookie pair (`name=value`) of a response, or "". */
export function sessionCookieOf(response: Response): string {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    if (/^(__Host-)?nexus_session=./.test(pair)) return pair;
  }
  return "";
}

export interface SignedIn {
  cookie: string;
  userId: string;
}

/** Completes a sign-in link for email; resolves with the session cookie and the user id. */
export async function completeSignIn(
  origin: string,
  options: { token: string; email: string; headers?: Record<string, string> },
): Promise<SignedIn> {
  const response = await fetch(`${origin}/api/auth/email-link/complete`, {
    method: "POST",
    headers: { "content-type": "application/json", ...options.headers },
    body: JSON.stringify({ token: options.token, email: options.email }),
  });
  if (response.status !== 200) {
    throw new Error(`complete answered ${response.status}: ${await response.text()}`);
  }
  const body = (await response.json()) as { user: { id: string } | null };
  const cookie = sessionCookieOf(response);
  if (!body.user || !cookie) throw new Error("sign-in completed without a user or a cookie");
  return { cookie, userId: body.user.id };
}

/** Signs in through the API with the link the server writes to its log (no SMTP_URL, LOG_LEVEL info). */
export async function signInFromLog(server: ServerProcess, email: string): Promise<SignedIn> {
  const response = await fetch(`${server.origin}/api/auth/email-link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (response.status !== 202) throw new Error(`email-link answered ${response.status}`);
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = await server.waitForOutput(
    new RegExp(`Sign-in link for ${escaped}: \\S+#signin=([A-Za-z0-9_-]{43})`),
  );
  const token = match[1];
  if (!token) throw new Error("no token in the sign-in log line");
  return completeSignIn(server.origin, { token, email });
}
