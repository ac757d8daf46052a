import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { parseEnv } from "../../env.ts";
import { parseStream, textOf } from "../answer/answer-test-kit.ts";
import { serveMetrics } from "./health.routes.ts";

const TOKEN = "metrics-token-0123456789";
const DOC = new URL("../../../../../docs/metrics.md", import.meta.url);

/** The metric names of docs/metrics.md's table (its first column). */
function documentedMetrics(): string[] {
  const text = fs.readFileSync(DOC, "utf8");
  return [...text.matchAll(/^\| `([a-z_:][a-z0-9_:]*)` \|/gm)].map((m) => m[1] ?? "");
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A small parser of the Prometheus text format (0.0.4): TYPE lines and samples. */
function parsePrometheus(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("# TYPE ")) {
      const [name, type] = line.slice(7).split(" ");
      if (name && type) types.set(name, type);
      continue;
    }
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] ?? ""] = (pair[2] ?? "").replace(/\\(.)/g, (_, c) => (c === "n" ? "\n" : c));
    const raw = match[3] ?? "";
    const value = raw === "+Inf" ? Infinity : raw === "-Inf" ? -Infinity : Number(raw);
    if (Number.isNaN(value) && raw !== "NaN") throw new Error(`not a value: ${line}`);
    samples.push({ name: match[1] ?? "", labels, value });
  }
  return { types, samples };
}

/** The samples of a metric (a histogram's _bucket, _sum and _count). */
function samplesOf(samples: Sample[], name: string, type: string | undefined): Sample[] {
  const names =
    type === "histogram" || type === "summary"
      ? [`${name}_bucket`, `${name}_sum`, `${name}_count`, name]
      : [name];
  return samples.filter((s) => names.includes(s.name));
}

function sampleValue(samples: Sample[], name: string, labels: Record<string, string>): number {
  const found = samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (!found) throw new Error(`no ${name} ${JSON.stringify(labels)}`);
  return found.value;
}

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream
        ? { kind: "text", text: "The moon pulls the sea [1]." }
        : { kind: "text", text: "tides" },
  });
  searxng = await startFakeSearxng();
  h = await createHarness(
    {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "fake-model",
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searxng.url,
      METRICS_TOKEN: TOKEN,
    },
    { jobs: { workers: false } },
  );
});
afterAll(async () => {
  await h.close();
  await llm.close();
  await searxng.close();
});

async function scrape(): Promise<Response> {
  return h.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
}

describe("the metrics port", () => {
  it("listens on loopback unless METRICS_HOST says otherwise, even with HOST=0.0.0.0", async () => {
    const env = parseEnv({ HOST: "0.0.0.0", METRICS_PORT: "9464" });
    expect(env.METRICS_HOST).toBe("127.0.0.1");
    expect(parseEnv({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).METRICS_HOST).toBe(
      "0.0.0.0",
    );
    const server = serveMetrics(h.deps, { port: 0, hostname: env.METRICS_HOST });
    try {
      if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
      const address = server.address() as AddressInfo;
      expect(address.address).toBe("127.0.0.1");
      // biome-ignore lint/style/noRestrictedGlobals: the scraper, talking to our own port on loopback
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("nexus_");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("GET /metrics", () => {
  it("needs METRICS_TOKEN as a Bearer token", async () => {
    const none = await h.request("/metrics");
    expect(none.status).toBe(401);
    expect(await none.text()).not.toContain("nexus_");
    const wrong = await h.request("/metrics", {
      headers: { authorization: `Bearer ${TOKEN.replace("0", "1")}` },
    });
    expect(wrong.status).toBe(401);
    const right = await scrape();
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toContain("text/plain");
  });

  it("serves every documented metric after one answer, with what the answer did", async () => {
    const documented = documentedMetrics();
    expect(documented.length).toBeGreaterThan(15);
    const { cookie, userId } = await h.signIn("metrics@acme.com");
    const answer = await h.request("/api/answer", {
      method: "POST",
      body: { text: "What causes tides?" },
      cookie,
    });
    expect(answer.status).toBe(200);
    expect(textOf(parseStream(await answer.text()))).toContain("moon");
    // A thread read by id: its route pattern is counted, never the id.
    await h.request(`/api/history?limit=5`, { cookie });
    // The search allowance used up: the next question is refused (a quota refusal).
    await h.db.db.execute(sql`update usage_counters set search = 1000000`);
    const refused = await h.request("/api/answer", {
      method: "POST",
      body: { text: "And the next one?" },
      cookie,
    });
    expect(refused.status).toBe(429);
    // A queued job (no worker runs it): the queue's depth and oldest age.
    await h.jobs?.jobs.send("file-ingest", { fileId: "none", userId });

    const res = await scrape();
    expect(res.status).toBe(200);
    const { types, samples } = parsePrometheus(await res.text());
    // GC pauses have samples only after a garbage collection, which a short test may not see
    // (seen on Node 22): the metric must be declared, its samples may not be there yet.
    const afterGc = new Set(["nodejs_gc_duration_seconds"]);
    const missing = documented.filter(
      (name) =>
        !types.has(name) ||
        (!afterGc.has(name) && samplesOf(samples, name, types.get(name)).length === 0),
    );
    expect(missing, "documented metrics without samples").toEqual([]);

    const count = "nexus_http_request_duration_seconds_count";
    expect(
      sampleValue(samples, count, { route: "/api/answer", method: "POST", status: "200" }),
    ).toBe(1);
    expect(
      sampleValue(samples, count, { route: "/api/answer", method: "POST", status: "429" }),
    ).toBe(1);
    const routes = new Set(samples.filter((s) => s.name === count).map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-|metrics@/);
    expect(sampleValue(samples, "nexus_chat_first_token_seconds_count", { kind: "answer" })).toBe(
      1,
    );
    expect(
      sampleValue(samples, "nexus_chat_duration_seconds_count", {
        kind: "answer",
        outcome: "completed",
      }),
    ).toBe(1);
    const provider = { provider: "openai-compatible" };
    expect(sampleValue(samples, "nexus_model_request_duration_seconds_count", provider)).toBe(
      llm.requests.length,
    );
    expect(sampleValue(samples, "nexus_model_request_errors_total", provider)).toBe(0);
    expect(
      sampleValue(samples, "nexus_model_tokens_total", { ...provider, direction: "output" }),
    ).toBeGreaterThan(0);
    expect(
      sampleValue(samples, "nexus_search_request_duration_seconds_count", { provider: "searxng" }),
    ).toBe(1);
    expect(sampleValue(samples, "nexus_quota_refusals_total", { counter: "search" })).toBe(1);
    expect(
      sampleValue(samples, "nexus_job_queue_depth", { queue: "file-ingest", state: "waiting" }),
    ).toBe(1);
    expect(
      sampleValue(samples, "nexus_job_queue_oldest_age_seconds", { queue: "file-ingest" }),
    ).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, "nexus_db_pool_clients", { state: "total" })).toBeGreaterThan(0);
    expect(sampleValue(samples, "nexus_chat_workers", {})).toBe(0);
  });
});
