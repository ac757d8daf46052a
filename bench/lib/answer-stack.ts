import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  type FakeHandler,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../e2e/fakes/openai-server.ts";
import {
  defaultSearxngCorpus,
  type FakeSearxng,
  type SearxngCorpus,
  startFakeSearxng,
} from "../../e2e/fakes/searxng-server.ts";
import {
  completeSignIn,
  freePort,
  makeTempDir,
  REPO_ROOT,
  SERVER_COMMAND,
  type ServerProcess,
  serverEnv,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../../e2e/support/server-process.ts";
import { startDelayProxy } from "./slow-upstreams.ts";

/**
 * The real server (the esbuild bundle when built) wired to a fake OpenAI-compatible model and a
 * fake SearXNG, with signed-in users to spend quota, for the answer benchmarks.
 */

/** BENCH_SERVER_BUNDLE runs another build of the server (e.g. an older commit's, for an A/B). */
const BUNDLE = process.env.BENCH_SERVER_BUNDLE
  ? path.resolve(process.env.BENCH_SERVER_BUNDLE)
  : path.join(REPO_ROOT, "apps/server/dist/main.js");
const ADMIN_BUNDLE = path.join(REPO_ROOT, "apps/server/dist/admin.js");

/**
 * Where the fake search results point. The page reader fetches the top 5 through web-fetch:
 * - "localhost": `*.nexus-bench.localhost` names, refused by web-fetch's policy (isLocalName)
 *   before any DNS lookup, so page reading costs ~nothing (default: the bench measures the server,
 *   not DNS).
 * - "invalid": `*.nexus-bench.invalid` names, which go to getaddrinfo on libuv's thread pool; on a
 *   machine whose resolver is slow or drops queries this costs up to the page reader's 4 s budget.
 */
export type ResultHosts = "localhost" | "invalid";

export function benchCorpus(hosts: ResultHosts): SearxngCorpus {
  const base = defaultSearxngCorpus();
  const general = Array.from({ length: 10 }, (_, i) => ({
    url: `https://site${i + 1}.nexus-bench.${hosts}/article`,
    title: `Result ${i + 1} on {q}`,
    content: `Passage ${i + 1} about <b>{q}</b>, long enough to be a useful snippet for the model.`,
    engine: "duckduckgo",
    engines: ["duckduckgo"],
    publishedDate: null,
  }));
  return { general, images: base.images ?? [], videos: base.videos ?? [] };
}

/** Streaming answers: `chunks` text chunks `delayMs` apart; related questions answer at once. */
export function modelHandler(options: { chunks: number; delayMs: number }): FakeHandler {
  const chunks = Array.from({ length: options.chunks }, (_, i) => `word${i + 1} [${(i % 5) + 1}] `);
  return (request) =>
    request.stream
      ? { kind: "text", chunks, delayMs: options.delayMs }
      : {
          kind: "text",
          text: "What else is there?\nHow does it compare?\nWhy does it matter?",
        };
}

export interface AnswerStack {
  server: ServerProcess;
  model: FakeOpenAIServer;
  searxng: FakeSearxng;
  dataDir: string;
  /** Where the server reaches the model and SearXNG (through the delay proxies, if any). */
  modelBaseUrl: string;
  searchUrl: string;
  /** Changes the upstream latency (only with the `delays` option). */
  setDelays: (delays: { modelMs: number; searchMs: number }) => void;
  /** One session cookie per signed-in user. */
  cookies: string[];
  stop: () => Promise<void>;
}

function serverCommand(nodeArgs: readonly string[] = [], bundle = BUNDLE): string[] {
  const prof = process.env.BENCH_CPU_PROF;
  const profArgs = [
    ...(prof ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(prof)}`] : []),
    ...nodeArgs,
  ];
  if (fs.existsSync(bundle)) return [process.execPath, ...profArgs, bundle];
  const [node, ...rest] = SERVER_COMMAND;
  return [node ?? process.execPath, ...profArgs, ...rest];
}

/** Runs `items` through `work`, at most `limit` at a time. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Signs many users in through the API, reading the links the server logs (no SMTP_URL). */
async function signInMany(server: ServerProcess, emails: readonly string[]): Promise<string[]> {
  const headers = { "content-type": "application/json", origin: server.origin };
  await pool(emails, 16, async (email) => {
    const response = await fetch(`${server.origin}/api/auth/email-link`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email }),
    });
    await response.body?.cancel();
    if (response.status !== 202) throw new Error(`email-link for ${email}: ${response.status}`);
  });
  const tokens = new Map<string, string>();
  const deadline = Date.now() + 30_000;
  while (tokens.size < emails.length) {
    if (Date.now() > deadline) throw new Error(`only ${tokens.size} sign-in links were logged`);
    for (const m of server
      .output()
      .matchAll(/Sign-in link for (\S+): \S+#signin=([A-Za-z0-9_-]{43})/g)) {
      if (m[1] && m[2]) tokens.set(m[1], m[2]);
    }
    if (tokens.size < emails.length) await new Promise((r) => setTimeout(r, 50));
  }
  return pool(emails, 16, async (email) => {
    const token = tokens.get(email);
    if (!token) throw new Error(`no sign-in link for ${email}`);
    const { cookie } = await completeSignIn(server.origin, {
      token,
      email,
      headers: { origin: server.origin },
    });
    return cookie;
  });
}

/** `npm run admin -- set-tier <email> pro`, against the running server's embedded PostgreSQL. */
async function setTier(email: string, tier: "pro" | "free", dataDir: string): Promise<void> {
  const command = fs.existsSync(ADMIN_BUNDLE)
    ? [process.execPath, ADMIN_BUNDLE]
    : [process.execPath, "--import", "tsx", "apps/server/src/cli/admin.ts"];
  const [file, ...args] = command;
  if (!file) throw new Error("no admin command");
  await new Promise<void>((resolve, reject) => {
    const child = spawn(file, [...args, "set-tier", email, tier], {
      cwd: REPO_ROOT,
      env: serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout?.on("data", (b: Buffer) => {
      out += b.toString();
    });
    child.stderr?.on("data", (b: Buffer) => {
      out += b.toString();
    });
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`set-tier ${email} exited ${code}: ${out}`)),
    );
  });
}

export async function startAnswerStack(options: {
  handler: FakeHandler;
  users: number;
  tier: "free" | "pro";
  hosts?: ResultHosts;
  extraEnv?: Record<string, string>;
  /** Node options for the server process (e.g. --inspect). */
  nodeArgs?: readonly string[];
  /** Another build's main.js (default: BENCH_SERVER_BUNDLE, else apps/server/dist/main.js). */
  bundle?: string;
  /** Upstream latency: every model request / SearXNG request is held this long first. */
  delays?: { modelMs: number; searchMs: number };
  /** Called once the server answers /api/health, before any user signs in. */
  onHealthy?: (server: ServerProcess) => Promise<void>;
}): Promise<AnswerStack> {
  const dataDir = makeTempDir("nexus-bench-answer-");
  const model = await startFakeOpenAIServer({ handler: options.handler });
  const searxng = await startFakeSearxng({ corpus: benchCorpus(options.hosts ?? "localhost") });
  const proxies = options.delays
    ? await Promise.all([
        startDelayProxy({ target: model.baseUrl, delayMs: options.delays.modelMs }),
        startDelayProxy({ target: searxng.url, delayMs: options.delays.searchMs }),
      ])
    : [];
  const modelBaseUrl = proxies[0]?.url ?? model.baseUrl;
  const searchUrl = proxies[1]?.url ?? searxng.url;
  const server = spawnServer({
    port: await freePort(),
    command: serverCommand(options.nodeArgs, options.bundle),
    env: serverEnv({
      DATA_DIR: dataDir,
      // info: the sign-in links are logged; the access log is debug-only, answers log nothing.
      LOG_LEVEL: "info",
      LLM_BASE_URL: modelBaseUrl,
      LLM_API_KEY: "bench",
      LLM_MODEL: "bench-model",
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searchUrl,
      SIGNIN_RATE_LIMIT: "100000",
      WEB_DIST: path.join(REPO_ROOT, "apps/web/dist"),
      ...options.extraEnv,
    }),
  });
  const stop = async () => {
    await stopServer(server);
    await model.close();
    await searxng.close();
    for (const proxy of proxies) await proxy.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(server);
    await options.onHealthy?.(server);
    const emails = Array.from({ length: options.users }, (_, i) => `bench-${i + 1}@nexus.test`);
    const cookies = await signInMany(server, emails);
    if (options.tier === "pro") await pool(emails, 2, (email) => setTier(email, "pro", dataDir));
    const check = await fetch(`${server.origin}/api/usage/check?counter=search`, {
      headers: { cookie: cookies[0] ?? "" },
    });
    const usage = (await check.json()) as { tier?: string };
    if (usage.tier !== options.tier)
      throw new Error(`users are on tier ${usage.tier}, expected ${options.tier}`);
    const setDelays = (delays: { modelMs: number; searchMs: number }) => {
      const [modelProxy, searchProxy] = proxies;
      if (!modelProxy || !searchProxy) throw new Error("the stack was started without delays");
      modelProxy.delayMs = delays.modelMs;
      searchProxy.delayMs = delays.searchMs;
    };
    return {
      server,
      model,
      searxng,
      dataDir,
      modelBaseUrl,
      searchUrl,
      setDelays,
      cookies,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
