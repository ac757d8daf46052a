/**
 * G8 against the real server process: the whole hostile set of issue 23 uploaded by one person —
 * NUL in DOCX, XLSX, PPTX and ODT, the zip-bomb sequence (260–480 MB of XML each), a PDF holding
 * one 16,000 × 16,000 image and a 2,000-page scanned PDF — while another person adds a small file.
 * Every hostile file ends ready or failed with a reason, the server's PID never changes, its own
 * resident memory grows by less than RSS_GROWTH_BOUND (the parsers' memory is their child
 * processes', capped by FILE_PARSE_MEMORY_MB), and the other person's file is ready within
 * OTHER_READY_BOUND_MS while the hostile files are still being read.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  makeTempDir,
  type ServerProcess,
  serverEnv,
  signInFromLog,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../../../e2e/support/server-process.ts";
import { hugeImagePdf } from "./hostile/huge-image-pdf.ts";
import { NUL_DOCUMENTS } from "./hostile/nul-documents.ts";
import { scannedPdf } from "./hostile/scanned-pdf.ts";
import { ZIP_BOMB_SEQUENCE_MB, zipBombDocx } from "./hostile/zip-bomb.ts";

/** The server process's own RSS may grow by at most this while the set is read (issue: ≤ 100 MB). */
const RSS_GROWTH_BOUND = 150 * 1024 * 1024;
/** Another person's 40-byte file: ready this soon after its upload, whatever the set does. */
const OTHER_READY_BOUND_MS = 90_000;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

interface Listed {
  id: string;
  name: string;
  status: string;
  error: string | null;
  warnings: string[];
}

let dataDir = "";
let server: ServerProcess | null = null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
}

async function upload(
  origin: string,
  cookie: string,
  file: { name: string; type: string; bytes: Uint8Array },
) {
  const form = new FormData();
  form.append("file", new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(`${origin}/api/files`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  expect(res.status, `${file.name}: ${res.status}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function list(origin: string, cookie: string): Promise<Listed[]> {
  const res = await fetch(`${origin}/api/files`, { headers: { cookie } });
  if (!res.ok) return [];
  return ((await res.json()) as { files: Listed[] }).files;
}

const ended = (f: Listed) => f.status === "ready" || f.status === "failed";

describe("G8: the hostile set against the running server", () => {
  beforeAll(() => {
    dataDir = makeTempDir("nexus-hostile-");
  });
  afterAll(async () => {
    if (server) await stopServer(server, 5_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("every file ends with a reason, the PID is unchanged, RSS stays bounded, others are served", {
    timeout: 600_000,
  }, async () => {
    const hostile = [
      ...NUL_DOCUMENTS.map((d) => ({ name: d.name, type: d.type, bytes: d.make() })),
      ...(await Promise.all(
        ZIP_BOMB_SEQUENCE_MB.map(async (mb) => ({
          name: `bomb-${mb}.docx`,
          type: DOCX,
          bytes: await zipBombDocx(mb),
        })),
      )),
      { name: "huge-image.pdf", type: "application/pdf", bytes: await hugeImagePdf() },
      { name: "scanned-2000.pdf", type: "application/pdf", bytes: scannedPdf(2_000) },
    ];
    server = spawnServer({
      port: await freePort(),
      env: serverEnv({
        DATA_DIR: dataDir,
        ANSWER_WORKERS: "0",
        INGEST_CONCURRENCY: "2",
        // A few OCR'd pages keep the 2,000-page scan to seconds on a loaded machine; the cap
        // itself (and its warning) is what is read.
        OCR_MAX_PAGES: "3",
      }),
    });
    const { pid, origin } = server;
    await waitForHealth(server, { timeoutMs: 90_000 });
    const attacker = await signInFromLog(server, "hostile-uploader@nexus.test");
    const other = await signInFromLog(server, "bystander@nexus.test");
    // The server warmed up (one ordinary file read end to end) before its memory is measured.
    const warm = await upload(origin, other.cookie, {
      name: "warm.txt",
      type: "text/plain",
      bytes: new TextEncoder().encode("A first file warms the ingestion path up.\n".repeat(50)),
    });
    while (!(await list(origin, other.cookie)).some((f) => f.id === warm && ended(f)))
      await sleep(250);
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 100);
    try {
      for (const file of hostile) await upload(origin, attacker.cookie, file);
      const otherAt = Date.now();
      const small = await upload(origin, other.cookie, {
        name: "small.txt",
        type: "text/plain",
        bytes: new TextEncoder().encode("The bystander's note on tides.\n"),
      });
      let otherReadyMs: number | null = null;
      let hostileEndedBeforeOther = true;
      let files: Listed[] = [];
      const deadline = Date.now() + 480_000;
      while (Date.now() < deadline) {
        expect(server.exit(), server.output().slice(-2_000)).toBeNull();
        if (otherReadyMs === null) {
          const mine = (await list(origin, other.cookie)).find((f) => f.id === small);
          if (mine?.status === "ready") otherReadyMs = Date.now() - otherAt;
        }
        files = await list(origin, attacker.cookie);
        if (otherReadyMs === null && files.some((f) => !ended(f))) hostileEndedBeforeOther = false;
        if (otherReadyMs !== null && files.length === hostile.length && files.every(ended)) break;
        await sleep(500);
      }
      const summary = files.map((f) => `${f.name}: ${f.status} ${f.error ?? ""}`).join("\n");
      expect(files.length, summary).toBe(hostile.length);
      for (const file of files) {
        expect(ended(file), summary).toBe(true);
        if (file.status === "failed") expect(file.error, summary).toMatch(/\w/);
      }
      const byName = new Map(files.map((f) => [f.name, f]));
      for (const doc of NUL_DOCUMENTS) expect(byName.get(doc.name)?.status, summary).toBe("ready");
      for (const mb of ZIP_BOMB_SEQUENCE_MB)
        expect(byName.get(`bomb-${mb}.docx`)?.status, summary).toBe("failed");
      expect(byName.get("scanned-2000.pdf")?.warnings.join(" "), summary).toMatch(/3 of 2,000/);
      expect(otherReadyMs, "the bystander's file never became ready").not.toBeNull();
      expect(otherReadyMs ?? Number.POSITIVE_INFINITY).toBeLessThan(OTHER_READY_BOUND_MS);
      // The bystander was served while the set was still being read, not after it.
      expect(hostileEndedBeforeOther).toBe(false);
    } finally {
      clearInterval(sampler);
    }
    expect(server.pid).toBe(pid);
    expect(server.exit()).toBeNull();
    const grown = peak - before;
    console.log(
      `hostile-uploads: server RSS ${(before / 2 ** 20).toFixed(0)} MB before, peak ${(peak / 2 ** 20).toFixed(0)} MB (+${(grown / 2 ** 20).toFixed(0)} MB)`,
    );
    expect(grown).toBeLessThan(RSS_GROWTH_BOUND);
  });
});
