import http from "node:http";

/** The bench's side of POST /api/answer and of the fakes: one request, and closed loops of them. */

/** Per-answer timings, ms from sending the request. */
export interface AnswerTiming {
  status: number;
  /** First body byte of a 200 (the `start` part; headers come with it). */
  firstByteMs: number | null;
  /** The server's own time to the headers (its Server-Timing `app` entry). */
  serverHeadersMs: number | null;
  sourceMs: number | null;
  textMs: number | null;
  totalMs: number;
  finished: boolean;
  /** The error part's text, or a transport error. */
  error: string | null;
  /** The server's own timings from the `finish` part's metadata. */
  serverTimings: { searchMs: number; firstTokenMs: number | null; totalMs: number } | null;
}

const APP_TIMING = /(?:^|,)\s*app;dur=([0-9.]+)/;

function serverTimingOf(header: string | string[] | undefined): number | null {
  const text = Array.isArray(header) ? header.join(",") : header;
  const match = text ? APP_TIMING.exec(text) : null;
  return match?.[1] ? Number(match[1]) : null;
}

const TYPE = /^data: \{"type":"([a-z-]+)"/;

/**
 * POSTs one question to /api/answer (or `path` with `body`: an agent's chat) and reads the
 * UI-message stream to its end.
 */
export function streamAnswer(options: {
  origin: string;
  agent: http.Agent;
  cookie: string;
  question: string;
  timeoutMs?: number;
  path?: string;
  body?: unknown;
}): Promise<AnswerTiming> {
  const url = new URL(options.path ?? "/api/answer", options.origin);
  const body = JSON.stringify(options.body ?? { text: options.question, focusMode: "web" });
  const started = performance.now();
  const since = () => performance.now() - started;
  const timing: AnswerTiming = {
    status: 0,
    firstByteMs: null,
    serverHeadersMs: null,
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
        timing.serverHeadersMs = serverTimingOf(response.headers["server-timing"]);
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

/**
 * Resolves at the first SSE chunk that carries content, reading the rest in the background
 * (`messages`: what the model is sent; `whole`: resolve only once the response has ended).
 */
export function firstModelToken(
  agent: http.Agent,
  baseUrl: string,
  messages: unknown[] = [{ role: "user", content: "What is the bench question?" }],
  whole = false,
): Promise<void> {
  const url = new URL(`${baseUrl}/chat/completions`);
  const body = JSON.stringify({ model: "bench-model", stream: true, messages });
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
          if (!seen && /"content":"[^"]|"tool_calls"/.test(text)) {
            seen = true;
            if (!whole) resolve();
          }
        });
        response.on("end", () =>
          seen ? (whole ? resolve() : undefined) : reject(new Error("no content")),
        );
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

/** The answers that did not end well (status, error or no finish), as messages. */
export function failures(timings: AnswerTiming[]): string[] {
  return timings
    .filter((t) => t.status !== 200 || t.error !== null || !t.finished)
    .map((t) => t.error ?? `HTTP ${t.status}, no finish`);
}
