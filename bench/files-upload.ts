import fs from "node:fs";
import {
  freePort,
  makeTempDir,
  serverEnv,
  signInFromLog,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../e2e/support/server-process.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";

/**
 * Upload of a 50 MB file to a real server process: its RSS is sampled every 10 ms from before the
 * request until the 201, and the growth over the baseline must stay ≤ 20 MB (the body streams to
 * storage, never held whole). A 1 MB upload first pays the process's one-time costs (code loaded
 * on first use), shown as context. Ingestion (parsing in a worker thread of the same process,
 * which alone grows it by hundreds of MB the first time) is not the upload's: before each upload
 * the previous file has ended ready or failed and the RSS has settled, so the baseline holds it.
 * Ingestion of the measured file starts after the answer and is not counted here.
 */
const FILE_BYTES = 50 * 1024 * 1024 - 64 * 1024;
const TARGET_MB = 20;

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0);
  return kb * 1024;
}

/** Waits until the uploaded file has ended ready or failed (its ingestion is over). */
async function ingested(origin: string, cookie: string, fileId: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${origin}/api/files/${fileId}`, { headers: { cookie } });
    const { status } = (await res.json()) as { status: string };
    if (status === "ready" || status === "failed") return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`file ${fileId} was not ingested in 3 minutes`);
}

/** Waits (up to 30 s) until the RSS of pid has moved less than 1 MB over the last 2 s. */
async function settledRss(pid: number): Promise<void> {
  const samples: number[] = [];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    samples.push(rssBytes(pid));
    const recent = samples.slice(-9);
    if (recent.length === 9 && Math.max(...recent) - Math.min(...recent) < 1024 * 1024) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function multipartStream(boundary: string, bytes: number): ReadableStream<Uint8Array> {
  const line = new TextEncoder().encode(
    "Ferry timetable for the winter season, every crossing listed by day and hour.\n",
  );
  const block = new Uint8Array(64 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = line[i % line.length] ?? 32;
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="timetable.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  let stage = 0;
  return new ReadableStream({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(head);
        stage = 1;
      } else if (sent < bytes) {
        const n = Math.min(block.length, bytes - sent);
        controller.enqueue(block.slice(0, n));
        sent += n;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

export async function filesUpload(): Promise<BenchResult> {
  const dataDir = makeTempDir("nexus-bench-upload-");
  const server = spawnServer({
    port: await freePort(),
    // FILE_MAX_MB 200: the context row uploads 150 MB (the default limit is 50).
    env: serverEnv({
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ANSWER_WORKERS: "0",
      FILE_MAX_MB: "200",
    }),
  });
  try {
    await waitForHealth(server, { timeoutMs: 90_000 });
    const user = await signInFromLog(server, "bench-upload@nexus.test");
    // Uploads `bytes` and samples the server's RSS every 10 ms until the 201.
    const measure = async (bytes: number, last = false) => {
      const baseline = rssBytes(server.pid);
      let peak = baseline;
      const timer = setInterval(() => {
        peak = Math.max(peak, rssBytes(server.pid));
      }, 10);
      const boundary = "----nexusbench7d1f";
      const started = performance.now();
      const res = await fetch(`${server.origin}/api/files`, {
        method: "POST",
        headers: {
          cookie: user.cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        body: multipartStream(boundary, bytes),
        duplex: "half",
      } as RequestInit);
      const ms = Math.round(performance.now() - started);
      clearInterval(timer);
      peak = Math.max(peak, rssBytes(server.pid));
      const body = (await res.json()) as { id?: string };
      if (res.status !== 201 || !body.id) throw new Error(`upload answered ${res.status}`);
      const growthMb = Math.round(((peak - baseline) / 1024 / 1024) * 10) / 10;
      if (!last) {
        // The next upload starts once this file's ingestion is over and the memory has settled.
        await ingested(server.origin, user.cookie, body.id);
        await settledRss(server.pid);
      }
      return { ms, baseline, peak, growthMb };
    };
    await settledRss(server.pid);
    // The first upload of a process loads the upload and storage code: that one-time cost is
    // shown as context, then the 50 MB upload is judged.
    const first = await measure(1024 * 1024);
    const big = await measure(FILE_BYTES);
    // Three times the size: a buffered body would grow three times as much; a streamed one grows
    // by what the garbage collector has not yet returned, about the same.
    const huge = await measure(3 * FILE_BYTES, true);
    const ok = big.growthMb <= TARGET_MB;
    const row = (label: string, m: typeof big, judged: boolean) => [
      label,
      m.ms,
      Math.round(m.baseline / 1024 / 1024),
      Math.round(m.peak / 1024 / 1024),
      m.growthMb,
      judged ? `≤ ${TARGET_MB} MB` : "(context)",
      judged ? verdict(ok) : "",
    ];
    const markdown = markdownTable(
      ["file", "upload ms", "RSS before MB", "RSS peak MB", "growth MB", "target", "verdict"],
      [
        row("1 MB text, the process's first upload", first, false),
        row("50 MB text, streamed multipart", big, true),
        row("150 MB text, streamed multipart", huge, false),
      ],
    );
    return {
      title: "Files upload (server memory)",
      markdown,
      misses: ok ? [] : [`files-upload: RSS grew ${big.growthMb} MB (target ≤ ${TARGET_MB})`],
    };
  } finally {
    await stopServer(server, 10_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
