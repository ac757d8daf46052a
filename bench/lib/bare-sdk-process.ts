import { spawn } from "node:child_process";
import http from "node:http";
import { REPO_ROOT } from "../../e2e/support/server-process.ts";
import { failures, streamAnswer } from "./answer-client.ts";
import { pool } from "./answer-stack.ts";
import { cpuMs } from "./process-stats.ts";

/** The bare AI SDK endpoint (lib/bare-sdk-server.ts) in its own process, on the same fake model. */
export async function startBare(modelBaseUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/lib/bare-sdk-server.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, LLM_BASE_URL: modelBaseUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (b: Buffer) => {
      const m = /listening (\d+)/.exec(b.toString());
      if (m?.[1]) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`bare endpoint exited ${code}`)));
  });
  return { pid: child.pid ?? 0, origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** CPU ms per answer of the bare endpoint: `count` answers from `clients` clients. */
export async function bareCpu(
  bare: { pid: number; origin: string },
  count: number,
  clients: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const once = (i: number) =>
    streamAnswer({
      origin: bare.origin,
      agent,
      cookie: "",
      question: `Bare question ${i}?`,
      path: "/",
    });
  try {
    const before = cpuMs(bare.pid).server;
    const run = await pool(
      Array.from({ length: count }, (_, i) => i),
      clients,
      once,
    );
    const errors = failures(run).length;
    return { perAnswer: (cpuMs(bare.pid).server - before) / count, errors };
  } finally {
    agent.destroy();
  }
}
