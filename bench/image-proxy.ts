import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { type FakeSearxng, startFakeSearxng } from "../e2e/fakes/searxng-server.ts";
import {
  freePort,
  makeTempDir,
  serverEnv,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../e2e/support/server-process.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

const CACHED_REQUESTS = Number(process.env.BENCH_IMAGE_REQUESTS ?? 2_000);
/** Clients asking at once (1: the latency of one request; more: latency under load). */
const CONCURRENCY = Number(process.env.BENCH_IMAGE_CLIENTS ?? 1);
const COLD_ROUNDS = 5;
const TARGET_CACHED_P95_MS = 5;

/**
 * GET /api/image against the real server (tsx, embedded PostgreSQL): its SearXNG is the fake,
 * whose own origin serves a 640×360 PNG (like SearXNG's image_proxy), so the proxy may fetch it.
 * Signed URLs come from answers' data-images parts (new picture addresses per answer). Cached: the
 * same picture again and again. Cold: each picture's first request, against the origin's own time
 * for that picture (fetched directly by this process).
 */
async function signedPictures(options: {
  origin: string;
  searxng: FakeSearxng;
  round: number;
}): Promise<{ proxied: string; direct: string }[]> {
  const { origin, searxng, round } = options;
  const direct = Array.from(
    { length: 12 },
    (_, i) => `${searxng.url}/image_proxy?round=${round}&n=${i}`,
  );
  searxng.corpus.images = direct.map((img_src, i) => ({
    url: `https://photos.example.org/${round}/${i}`,
    title: `Picture ${i}`,
    img_src,
  }));
  const res = await fetch(`${origin}/api/answer`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin,
      "x-anon-id": `anon_1795000000000_bench${round}`,
    },
    body: JSON.stringify({ text: `Pictures of round ${round}` }),
  });
  const text = await res.text();
  const line = text.split("\n").find((l) => l.includes('"type":"data-images"'));
  if (res.status !== 200 || !line) throw new Error(`answer without images: ${res.status}`);
  const images = (JSON.parse(line.slice(6)) as { data: { url: string; thumbnailUrl: string }[] })
    .data;
  return images.map((image) => ({ proxied: `${origin}${image.thumbnailUrl}`, direct: image.url }));
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200 || body.byteLength < 1000) throw new Error(`${url}: ${res.status}`);
  return ms;
}

export async function imageProxy(): Promise<BenchResult> {
  const searxng = await startFakeSearxng();
  const dataDir = makeTempDir("nexus-bench-image-");
  const server = spawnServer({
    port: await freePort(),
    env: serverEnv({
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searxng.url,
    }),
  });
  try {
    await waitForHealth(server);
    // Cold: every picture's first request through the proxy, and the same picture fetched
    // directly from the origin (another copy, so neither warms the other's cache).
    const cold: number[] = [];
    const origin: number[] = [];
    for (let round = 0; round < COLD_ROUNDS; round++) {
      for (const picture of await signedPictures({ origin: server.origin, searxng, round })) {
        origin.push(await timed(`${picture.direct}&direct`));
        cold.push(await timed(picture.proxied));
      }
    }
    // Cached: one picture, CONCURRENCY clients each asking again as soon as it has the last one.
    const [first] = await signedPictures({ origin: server.origin, searxng, round: 99 });
    if (!first) throw new Error("no picture");
    await timed(first.proxied);
    for (let i = 0; i < 200; i++) await timed(first.proxied); // warm-up
    const cached: number[] = [];
    const hitsBefore = searxng.requests.length;
    const client = async () => {
      while (cached.length < CACHED_REQUESTS) cached.push(await timed(first.proxied));
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    const originHits = searxng.requests.length - hitsBefore;
    // The same loop on GET /api/health (no database): what the machine allows any request now.
    const health: number[] = [];
    for (let i = 0; i < cached.length; i++) {
      const started = performance.now();
      await (await fetch(`${server.origin}/api/health`)).arrayBuffer();
      health.push(performance.now() - started);
    }
    const hb = summarize(health);

    const c = summarize(cached);
    const k = summarize(cold);
    const o = summarize(origin);
    const ok = c.p95 <= TARGET_CACHED_P95_MS && originHits === 0;
    const misses = ok
      ? []
      : [`image proxy cached p95 ${c.p95} ms (target ≤ ${TARGET_CACHED_P95_MS} ms, 0 origin hits)`];
    return {
      title: `Image proxy: GET /api/image, 10 KB PNG (cached: ${cached.length} requests, ${CONCURRENCY} clients; cold: ${cold.length} pictures one at a time)`,
      markdown: markdownTable(
        ["case", "p50 ms", "p95 ms", "p99 ms", "max ms", "origin requests", "target"],
        [
          ["cached (memory LRU)", c.p50, c.p95, c.p99, c.max, originHits, verdict(ok)],
          ["GET /api/health (baseline)", hb.p50, hb.p95, hb.p99, hb.max, 0, "(context)"],
          ["cold (fetch through web-fetch)", k.p50, k.p95, k.p99, k.max, cold.length, "(context)"],
          ["the origin itself (direct)", o.p50, o.p95, o.p99, o.max, origin.length, "(context)"],
          [
            "cold minus origin (proxy's own cost)",
            Math.round((k.p50 - o.p50) * 10) / 10,
            Math.round((k.p95 - o.p95) * 10) / 10,
            "",
            "",
            "",
            "(context)",
          ],
        ],
      ),
      misses,
    };
  } finally {
    await stopServer(server);
    await searxng.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
