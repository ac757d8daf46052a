import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { runningEmbeddedUrl } from "@nexus/db";
import pg from "pg";
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

/**
 * The real server (the esbuild bundle when built) wired to a fake OpenAI-compatible model and a
 * fake SearXNG, with signed-in users to spend quota, for the answer benchmarks.
 */

const BUNDLE = path.join(REPO_ROOT, "apps/server/dist/main.js");
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
  /** One session cookie per signed-in user. */
  cookies: string[];
  stop: () => Promise<void>;
}

function serverCommand(): string[] {
  const prof = process.env.BENCH_CPU_PROF;
  const profArgs = prof ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(prof)}`] : [];
  if (fs.existsSync(BUNDLE)) return [process.execPath, ...profArgs, BUNDLE];
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
}): Promise<AnswerStack> {
  const dataDir = makeTempDir("nexus-bench-answer-");
  const model = await startFakeOpenAIServer({ handler: options.handler });
  const searxng = await startFakeSearxng({ corpus: benchCorpus(options.hosts ?? "localhost") });
  const server = spawnServer({
    port: await freePort(),
    command: serverCommand(),
    env: serverEnv({
      DATA_DIR: dataDir,
      // info: the sign-in links are logged; the access log is debug-only, answers log nothing.
      LOG_LEVEL: "info",
      LLM_BASE_URL: model.baseUrl,
      LLM_API_KEY: "bench",
      LLM_MODEL: "bench-model",
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searxng.url,
      SIGNIN_RATE_LIMIT: "100000",
      ...options.extraEnv,
    }),
  });
  const stop = async () => {
    await stopServer(server);
    await model.close();
    await searxng.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(server);
    const emails = Array.from({ length: options.users }, (_, i) => `bench-${i + 1}@nexus.test`);
    const cookies = await signInMany(server, emails);
    if (options.tier === "pro") await pool(emails, 2, (email) => setTier(email, "pro", dataDir));
    const check = await fetch(`${server.origin}/api/usage/check?counter=search`, {
      headers: { cookie: cookies[0] ?? "" },
    });
    const usage = (await check.json()) as { tier?: string };
    if (usage.tier !== options.tier)
      throw new Error(`users are on tier ${usage.tier}, expected ${options.tier}`);
    return { server, model, searxng, dataDir, cookies, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Per-answer timings, ms from sending the request. */
export interface AnswerTiming {
  status: number;
  /** First body byte of a 200 (the `start` part; headers come with it). */
  firstByteMs: number | null;
  sourceMs: number | null;
  textMs: number | null;
  totalMs: number;
  finished: boolean;
  /** The error part's text, or a transport error. */
  error: string | null;
  /** The server's own timings from the `finish` part's metadata. */
  serverTimings: { searchMs: number; firstTokenMs: number | null; totalMs: number } | null;
}

const TYPE = /^data: \{"type":"([a-z-]+)"/;

/** POSTs one question to /api/answer and reads the UI-message stream to its end. */
export function streamAnswer(options: {
  origin: string;
  agent: http.Agent;
  cookie: string;
  question: string;
  timeoutMs?: number;
}): Promise<AnswerTiming> {
  const url = new URL("/api/answer", options.origin);
  const body = JSON.stringify({ text: options.question, focusMode: "web" });
  const started = performance.now();
  const since = () => performance.now() - started;
  const timing: AnswerTiming = {
    status: 0,
    firstByteMs: null,
    sourceMs: null,
    textMs: null,
    totalMs: 0,
    finished: false,
    error: null,
    serverTimings: null,
  };
  return new Promise((resolve) => {
    let settled = false;
    const done = (error?: string) => {
      if (settled) return;
      settled = true;
      timing.totalMs = since();
      if (error && !timing.error) timing.error = error;
      resolve(timing);
    };
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: options.agent,
        timeout: options.timeoutMs ?? 60_000,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: options.origin,
          cookie: options.cookie,
        },
      },
      (response) => {
        timing.status = response.statusCode ?? 0;
        response.setEncoding("utf8");
        let pending = "";
        let errorBody = "";
        response.on("data", (text: string) => {
          if (timing.status !== 200) {
            errorBody += text;
            return;
          }
          timing.firstByteMs ??= since();
          pending += text;
          let newline = pending.indexOf("\n");
          while (newline >= 0) {
            const line = pending.slice(0, newline);
            pending = pending.slice(newline + 1);
            newline = pending.indexOf("\n");
            const type = TYPE.exec(line)?.[1];
            if (type === "source-url") timing.sourceMs ??= since();
            else if (type === "text-delta") timing.textMs ??= since();
            else if (type === "finish") {
              timing.finished = true;
              const parsed = JSON.parse(line.slice(6)) as {
                messageMetadata?: { timings?: AnswerTiming["serverTimings"] };
              };
              timing.serverTimings = parsed.messageMetadata?.timings ?? null;
            } else if (type === "error") {
              const parsed = JSON.parse(line.slice(6)) as { errorText?: string };
              timing.error = parsed.errorText ?? "error part";
            }
          }
        });
        response.on("end", () =>
          done(timing.status === 200 ? undefined : `HTTP ${timing.status}: ${errorBody}`),
        );
        response.on("error", (error) => done(error.message));
        response.on("aborted", () => done("response aborted"));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => done(error.message));
    request.end(body);
  });
}

/** Direct calls to the fakes, as the server makes them for one answer. */
export interface UpstreamTiming {
  /** The three SearXNG category requests in parallel, bodies read. */
  searchMs: number;
  /** The model's streaming request: its first content delta. */
  modelFirstTokenMs: number;
  /** Search then model, back to back (what the server waits for before the first token). */
  chainMs: number;
}

function get(agent: http.Agent, url: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        response.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${response.statusCode}`)),
      );
    });
    request.on("error", reject);
  });
}

/** Resolves at the first SSE chunk that carries content, reading the rest in the background. */
function firstModelToken(agent: http.Agent, baseUrl: string): Promise<void> {
  const url = new URL(`${baseUrl}/chat/completions`);
  const body = JSON.stringify({
    model: "bench-model",
    stream: true,
    messages: [{ role: "user", content: "What is the bench question?" }],
  });
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.setEncoding("utf8");
        let seen = false;
        response.on("data", (text: string) => {
          if (!seen && /"content":"[^"]/.test(text)) {
            seen = true;
            resolve();
          }
        });
        response.on("end", () => (seen ? undefined : reject(new Error("no content"))));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

export async function upstreamOnce(options: {
  agent: http.Agent;
  searxngUrl: string;
  modelBaseUrl: string;
}): Promise<UpstreamTiming> {
  const started = performance.now();
  await Promise.all(
    ["general", "images", "videos"].map((category) => {
      const url = new URL("/search", options.searxngUrl);
      url.searchParams.set("q", "What is the bench question?");
      url.searchParams.set("format", "json");
      url.searchParams.set("categories", category);
      url.searchParams.set("pageno", "1");
      return get(options.agent, url);
    }),
  );
  const searched = performance.now();
  await firstModelToken(options.agent, options.modelBaseUrl);
  const ended = performance.now();
  return {
    searchMs: searched - started,
    modelFirstTokenMs: ended - searched,
    chainMs: ended - started,
  };
}

/** Runs `once` in `clients` closed loops until `durationMs` has passed; returns every result. */
export async function closedLoop<T>(options: {
  clients: number;
  durationMs: number;
  once: (client: number) => Promise<T>;
}): Promise<{ results: T[]; wallMs: number }> {
  const results: T[] = [];
  const started = performance.now();
  const end = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      while (performance.now() < end) results.push(await options.once(client));
    }),
  );
  return { results, wallMs: performance.now() - started };
}

function readKb(file: string, field: string): number {
  try {
    const text = fs.readFileSync(file, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text);
    return match?.[1] ? Number(match[1]) : 0;
  } catch {
    return 0; // the process is gone
  }
}

/** Every descendant of pid (the embedded PostgreSQL postmaster and its backends). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // exited meanwhile
    }
  }
  const out: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

export interface MemoryPeaks {
  /** The server's Node process, VmRSS. */
  serverKb: number;
  /** Its PostgreSQL processes, VmRSS summed (counts shared buffers once per process). */
  pgRssKb: number;
  /** Its PostgreSQL processes, Pss summed (shared pages split between them: the fair total). */
  pgPssKb: number;
  pgProcesses: number;
  samples: number;
}

/** Samples the server's and its PostgreSQL's memory every intervalMs; stop() gives the peaks. */
export function sampleMemory(pid: number, intervalMs = 100): { stop: () => MemoryPeaks } {
  const peaks: MemoryPeaks = { serverKb: 0, pgRssKb: 0, pgPssKb: 0, pgProcesses: 0, samples: 0 };
  let pgPids = descendants(pid);
  let tick = 0;
  const sample = () => {
    if (tick++ % 10 === 0) pgPids = descendants(pid);
    peaks.serverKb = Math.max(peaks.serverKb, readKb(`/proc/${pid}/status`, "VmRSS"));
    let rss = 0;
    let pss = 0;
    for (const p of pgPids) {
      rss += readKb(`/proc/${p}/status`, "VmRSS");
      pss += readKb(`/proc/${p}/smaps_rollup`, "Pss");
    }
    peaks.pgRssKb = Math.max(peaks.pgRssKb, rss);
    peaks.pgPssKb = Math.max(peaks.pgPssKb, pss);
    peaks.pgProcesses = Math.max(peaks.pgProcesses, pgPids.length);
    peaks.samples++;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}

export interface DbActivity {
  /** Most server connections seen at once (the pool's max is 20). */
  maxConnections: number;
  /** Most of them busy at once (active or idle in a transaction). */
  maxBusy: number;
  /** Samples where every open connection was busy and the pool was at its max. */
  saturatedSamples: number;
  /** Most backends waiting on a lock at once (row locks on the usage counters). */
  maxLockWaits: number;
  samples: number;
  /** Busy backends per wait event (`type:event`, or `cpu` when not waiting), summed over samples. */
  waits: Record<string, number>;
  /** synchronous_commit, fsync, shared_buffers and max_connections of the cluster. */
  settings: string;
}

/**
 * Samples pg_stat_activity of the server's embedded PostgreSQL (our own connection excluded):
 * shows whether the server's pool is exhausted, i.e. whether requests queue for a connection.
 */
export async function sampleDbActivity(
  dataDir: string,
  poolMax: number,
  intervalMs = 100,
): Promise<{ stop: () => Promise<DbActivity> }> {
  const url = runningEmbeddedUrl(dataDir);
  if (!url) throw new Error("no running embedded PostgreSQL");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const activity: DbActivity = {
    maxConnections: 0,
    maxBusy: 0,
    saturatedSamples: 0,
    maxLockWaits: 0,
    samples: 0,
    waits: {},
    settings: "",
  };
  const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
    `select name, setting, unit from pg_settings
      where name in ('synchronous_commit', 'fsync', 'shared_buffers', 'max_connections', 'commit_delay')
      order by name`,
  );
  activity.settings = settings.rows
    .map((r) => `${r.name}=${r.setting}${r.unit ? ` (${r.unit})` : ""}`)
    .join(", ");
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ total: string; busy: string; locks: string }>(
        `select count(*) as total,
                count(*) filter (where state in ('active', 'idle in transaction')) as busy,
                count(*) filter (where wait_event_type = 'Lock') as locks
           from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()
            and datname = current_database()`,
      );
      const waits = await client.query<{ wait: string; n: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait, count(*) as n
           from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()
            and datname = current_database() and state in ('active', 'idle in transaction')
          group by 1`,
      );
      for (const w of waits.rows)
        activity.waits[w.wait] = (activity.waits[w.wait] ?? 0) + Number(w.n);
      const row = rows[0];
      if (row) {
        const total = Number(row.total);
        const busy = Number(row.busy);
        activity.maxConnections = Math.max(activity.maxConnections, total);
        activity.maxBusy = Math.max(activity.maxBusy, busy);
        activity.maxLockWaits = Math.max(activity.maxLockWaits, Number(row.locks));
        if (total >= poolMax && busy >= poolMax) activity.saturatedSamples++;
        activity.samples++;
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop.catch(() => undefined);
      await client.end();
      return activity;
    },
  };
}

/** The server's database pool size (apps/server/src/main.ts createDatabase max). */
export function serverPoolMax(): number {
  const main = fs.readFileSync(path.join(REPO_ROOT, "apps/server/src/main.ts"), "utf8");
  const match = /createDatabase\(\{\s*url,\s*max:\s*(\d+)/.exec(main);
  return match?.[1] ? Number(match[1]) : 10;
}

/** The server's error-level log lines after `fromOffset` of its output, by message, counted. */
export function serverLogErrors(server: ServerProcess, fromOffset: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of server.output().slice(fromOffset).split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string };
      };
      if ((entry.level ?? 0) < 40) continue;
      const key = `${entry.msg ?? "?"}${entry.err?.message ? `: ${entry.err.message}` : ""}`.slice(
        0,
        200,
      );
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      // not a log line
    }
  }
  return counts;
}

/** CPU time (user + system, ms) used so far by pid, and by its descendants (PostgreSQL). */
export function cpuMs(pid: number): { server: number; pg: number } {
  const ticks = (p: number) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      return 0;
    }
  };
  const perTick = 1000 / 100; // USER_HZ is 100 on Linux
  return {
    server: ticks(pid) * perTick,
    pg: descendants(pid).reduce((sum, p) => sum + ticks(p), 0) * perTick,
  };
}
