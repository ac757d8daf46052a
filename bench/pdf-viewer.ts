import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import {
  freePort,
  makeTempDir,
  REPO_ROOT,
  serverEnv,
  signInFromLog,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../e2e/support/server-process.ts";
import { type BenchResult, markdownTable, median, verdict } from "./lib/report.ts";

const PAGES = 300;
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 5);
const JUMP_PAGE = 250;
const SCROLL_PAGE = 150;
/** The passage a citation link opens (an unrendered page once the viewer is on page 250). */
const CITED_PAGE = 100;
const TARGET_FIRST_PAGE_MS = 1_000;
const TARGET_PASSAGE_MS = 300;
/** "Bounded": a few canvases, whatever the length; the heap does not grow with pages scrolled. */
const TARGET_CANVASES = 8;
const TARGET_HEAP_GROWTH_MB = 20;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"];
const BUNDLE = path.join(REPO_ROOT, "apps/server/dist/main.js");

/** A PDF string literal's text (only ASCII here). */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A text PDF of `pages` Letter pages in Helvetica, written by hand (no PDF library in the repo):
 * each page "Page N" and a few sentences that name it, so each page is its own passage.
 */
export function textPdf(pages: number): Buffer {
  const objects: string[] = [];
  const kids: string[] = [];
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  for (let n = 1; n <= pages; n++) {
    const pageObj = 2 + 2 * n;
    const contentObj = pageObj + 1;
    kids.push(`${pageObj} 0 R`);
    const lines = [
      `The ferry to Skerry ${n} leaves pier ${(n % 7) + 1} at ${6 + (n % 12)} o'clock every morning.`,
      `Harbour report ${n} lists the tides, the winds and the crossings of the week in full.`,
      `Kestrel ${n} nests on the cliffs above the landing (counted ${n * 3} times this season).`,
      `The lighthouse keeper of station ${n} writes the weather log before the first boat.`,
      `Cargo manifest ${n}: timber, salt, wool and ${n % 9} crates of lamp oil for the light.`,
      "Passengers are asked to wait behind the yellow line until the gangway is secured.",
      `Section ${n} ends with the harbour master's note on the winter timetable.`,
    ];
    const body = [
      "BT",
      "/F1 24 Tf",
      "72 710 Td",
      `${pdfString(`Page ${n}`)} Tj`,
      "/F1 11 Tf",
      "16 TL",
      "0 -36 Td",
      ...lines.map((line) => `${pdfString(line)} Tj T*`),
      "ET",
    ].join("\n");
    objects[pageObj] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentObj} 0 R >>`;
    objects[contentObj] =
      `<< /Length ${Buffer.byteLength(body, "latin1")} >>\nstream\n${body}\nendstream`;
  }
  objects[2] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>`;
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = Buffer.byteLength(out, "latin1");
    out += `${i} 0 obj\n${objects[i]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i++)
    out += `${String(offsets[i]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Uploads the PDF as the signed-in user and waits until it is read; its id. */
async function uploadReady(origin: string, cookie: string, pdf: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([pdf], { type: "application/pdf" }), "bench-300-pages.pdf");
  const res = await fetch(`${origin}/api/files`, {
    method: "POST",
    headers: { cookie, origin },
    body: form,
  });
  const { id } = (await res.json()) as { id?: string };
  if (res.status >= 300 || !id) throw new Error(`upload answered ${res.status}`);
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const info = await fetch(`${origin}/api/files/${id}`, { headers: { cookie } });
    const { status } = (await info.json()) as { status: string };
    if (status === "ready") return id;
    if (status === "failed") throw new Error("the 300-page PDF failed to ingest");
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the 300-page PDF was not ready in 5 minutes");
}

/** The ordinal of a passage on `page` (GET /api/documents/:id/text). */
async function passageOn(origin: string, cookie: string, id: string, page: number) {
  const res = await fetch(`${origin}/api/documents/${id}/text`, { headers: { cookie } });
  const text = (await res.json()) as { pages: { page: number; passages: { ordinal: number }[] }[] };
  const ordinal = text.pages.find((p) => p.page === page)?.passages[0]?.ordinal;
  if (ordinal === undefined) throw new Error(`no passage on page ${page}`);
  return ordinal;
}

// In the page (strings: bench/ is compiled without the DOM's types). __until(test) polls each
// animation frame and resolves with performance.now() (ms since the navigation) once test() holds.
const PAGE_HELPERS = `
  window.__until = (test, timeoutMs = 30000) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const step = () => {
      let ok = false;
      try { ok = test(); } catch {}
      if (ok) resolve(performance.now());
      else if (performance.now() - t0 > timeoutMs) reject(new Error("timed out: " + test));
      else requestAnimationFrame(step);
    };
    step();
  });
  // Whether a canvas has ink in its top fifth (the page's heading is drawn, not just sized).
  window.__painted = (canvas) => {
    if (!canvas || canvas.width === 0) return false;
    const h = Math.max(1, Math.floor(canvas.height / 5));
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, h).data;
    for (let i = 0; i < data.length; i += 4 * 5) if (data[i] < 128) return true;
    return false;
  };
  // Whether an element is inside the viewer's scrolling pane's view.
  window.__inPane = (el) => {
    const pane = document.querySelector('[data-testid="pdf-pages"]');
    if (!el || !pane) return false;
    const r = el.getBoundingClientRect();
    const p = pane.getBoundingClientRect();
    return r.height > 0 && r.top < p.bottom && r.bottom > p.top;
  };
  window.__canvases = () => document.querySelectorAll('[data-testid="pdf-pages"] canvas').length;
`;

interface Run {
  firstPageMs: number;
  canvasesLoaded: number;
  heapLoadedMb: number;
  jumpMs: number;
  citationMs: number;
  heapScrolledMb: number;
  canvasesScrolled: number;
  coldCitationMs: number;
}

async function heapMb(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  await cdp.detach();
  return Math.round((usedSize / 1024 / 1024) * 10) / 10;
}

async function oneRun(
  context: BrowserContext,
  origin: string,
  viewerPath: string,
  id: string,
  chunk: number,
): Promise<Run> {
  const page = await context.newPage();
  await page.goto(`${origin}${viewerPath}`);
  const firstPageMs = (await page.evaluate(
    `window.__until(() => window.__painted(document.querySelector('[data-page="1"] canvas')))`,
  )) as number;
  await page.waitForTimeout(500);
  const canvasesLoaded = (await page.evaluate("window.__canvases()")) as number;
  const heapLoadedMb = await heapMb(context, page);

  // The page input: "250" + Enter → page 250's text layer in view.
  const jumpMs = (await page.evaluate(`(async () => {
    const input = document.querySelector('[aria-label="Page number"]');
    input.value = "${JUMP_PAGE}";
    const t0 = performance.now();
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    const t1 = await window.__until(() =>
      window.__inPane(document.querySelector('[data-page="${JUMP_PAGE}"] .textLayer span')));
    return t1 - t0;
  })()`)) as number;

  // A citation link inside the app (client-side navigation to ?chunk=N): its passage is on a page
  // not rendered; the time until its mark is in view (includes GET /passages/N).
  const citationMs = (await page.evaluate(`(async () => {
    const t0 = performance.now();
    history.pushState(history.state, "", location.pathname + "?chunk=${chunk}");
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    const t1 = await window.__until(() =>
      window.__inPane(document.querySelector('[data-page="${CITED_PAGE}"] mark.doc-highlight')));
    return t1 - t0;
  })()`)) as number;

  // Scroll through the pages to 150, a page a frame or two, then measure what is kept.
  await page.evaluate(`(async () => {
    const pane = document.querySelector('[data-testid="pdf-pages"]');
    pane.scrollTop = 0;
    for (let n = 1; n <= ${SCROLL_PAGE}; n++) {
      const section = document.querySelector('[data-page="' + n + '"]');
      pane.scrollTop += section.getBoundingClientRect().top - pane.getBoundingClientRect().top;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    await window.__until(() =>
      window.__painted(document.querySelector('[data-page="${SCROLL_PAGE}"] canvas')));
  })()`);
  await page.waitForTimeout(500);
  const canvasesScrolled = (await page.evaluate("window.__canvases()")) as number;
  const heapScrolledMb = await heapMb(context, page);
  await page.close();

  // The citation link opened cold (a new tab): /app/document-chat/<id>?chunk=N&page=P.
  const cold = await context.newPage();
  await cold.goto(`${origin}/app/document-chat/${id}?chunk=${chunk}&page=${CITED_PAGE}`);
  const coldCitationMs = (await cold.evaluate(
    `window.__until(() => window.__inPane(document.querySelector('[data-page="${CITED_PAGE}"] mark.doc-highlight')))`,
  )) as number;
  await cold.close();
  return {
    firstPageMs,
    canvasesLoaded,
    heapLoadedMb,
    jumpMs,
    citationMs,
    heapScrolledMb,
    canvasesScrolled,
    coldCitationMs,
  };
}

/**
 * The PDF viewer on a 300-page PDF (made at bench time) in Chromium against the built app and the
 * real server: navigation → first page painted; canvases kept; the JS heap of the page (after a
 * GC, CDP Runtime.getHeapUsage; the pdf.js worker's heap is not counted) after load and after
 * scrolling to page 150; a jump to page 250 through the page input → its text layer in view; a
 * citation link (?chunk=N, client-side) → its mark on an unrendered page in view; the same link
 * opened in a new tab. Median of BENCH_PDF_RUNS (5) runs, each in a new tab of one browser context
 * (its HTTP cache warm from a first, unmeasured opening, as for someone back in the app).
 */
export async function pdfViewerBench(): Promise<BenchResult> {
  const dataDir = makeTempDir("nexus-bench-pdf-viewer-");
  const server = spawnServer({
    port: await freePort(),
    env: serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: "info" }),
    ...(fs.existsSync(BUNDLE) ? { command: [process.execPath, BUNDLE] } : {}),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    await waitForHealth(server, { timeoutMs: 90_000 });
    const { cookie } = await signInFromLog(server, "bench-pdf-viewer@nexus.test");
    const pdf = textPdf(PAGES);
    const id = await uploadReady(server.origin, cookie, pdf);
    const chunk = await passageOn(server.origin, cookie, id, CITED_PAGE);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split(";")[0]?.split("=") ?? [];
    if (name && value) await context.addCookies([{ name, value, url: server.origin }]);
    await context.addInitScript(PAGE_HELPERS);
    // A new thread's URL (the document-chat route moves a PDF to /app/pdf-chat/<id>/<thread>).
    const warm = await context.newPage();
    await warm.goto(`${server.origin}/app/document-chat/${id}`);
    await warm.waitForURL(/\/app\/pdf-chat\/[^/]+\/[^/?#]+/);
    const viewerPath = new URL(warm.url()).pathname;
    await warm.locator('[data-page="1"] canvas').waitFor({ timeout: 60_000 });
    await warm.close();
    const load = [os.loadavg()];
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await oneRun(context, server.origin, viewerPath, id, chunk));
    load.push(os.loadavg());
    await context.close();

    const med = (key: keyof Run) => Math.round(median(runs.map((r) => r[key])) * 10) / 10;
    const firstOk = med("firstPageMs") <= TARGET_FIRST_PAGE_MS;
    const jumpOk = med("jumpMs") <= TARGET_PASSAGE_MS;
    const citationOk = med("citationMs") <= TARGET_PASSAGE_MS;
    const growth = Math.round((med("heapScrolledMb") - med("heapLoadedMb")) * 10) / 10;
    const canvasOk = Math.max(med("canvasesLoaded"), med("canvasesScrolled")) <= TARGET_CANVASES;
    const heapOk = growth <= TARGET_HEAP_GROWTH_MB;
    const all = (key: keyof Run) => runs.map((r) => Math.round(r[key])).join(", ");
    const rows: (string | number)[][] = [
      [
        "navigation → first page painted, ms",
        med("firstPageMs"),
        all("firstPageMs"),
        `≤ ${TARGET_FIRST_PAGE_MS}`,
        verdict(firstOk),
      ],
      [
        "page canvases after load",
        med("canvasesLoaded"),
        all("canvasesLoaded"),
        `≤ ${TARGET_CANVASES} of ${PAGES}`,
        verdict(canvasOk),
      ],
      ["JS heap after load, MB", med("heapLoadedMb"), all("heapLoadedMb"), "(context)", ""],
      [
        `page input ${JUMP_PAGE} → its text layer in view, ms`,
        med("jumpMs"),
        all("jumpMs"),
        `≤ ${TARGET_PASSAGE_MS}`,
        verdict(jumpOk),
      ],
      [
        `citation link ?chunk=${chunk} (page ${CITED_PAGE}, unrendered) → mark in view, ms`,
        med("citationMs"),
        all("citationMs"),
        `≤ ${TARGET_PASSAGE_MS}`,
        verdict(citationOk),
      ],
      [
        `page canvases after scrolling to ${SCROLL_PAGE}`,
        med("canvasesScrolled"),
        all("canvasesScrolled"),
        `≤ ${TARGET_CANVASES}`,
        verdict(canvasOk),
      ],
      [
        `JS heap after scrolling to ${SCROLL_PAGE}, MB`,
        med("heapScrolledMb"),
        all("heapScrolledMb"),
        `growth ≤ ${TARGET_HEAP_GROWTH_MB} MB (${growth})`,
        verdict(heapOk),
      ],
      [
        "citation link in a new tab → mark in view, ms since navigation",
        med("coldCitationMs"),
        all("coldCitationMs"),
        "(context)",
        "",
      ],
    ];
    const fmt = (l: number[] | undefined) => (l ?? []).map((v) => v.toFixed(2)).join(" / ");
    const markdown = [
      `${PAGES}-page text PDF (${Math.round(pdf.length / 1024)} KB, made at bench time), Chromium 1280×800, built app, real server; median of ${RUNS} runs`,
      "",
      markdownTable(["measure", "median", "runs", "target", "verdict"], rows),
      "",
      `Load average (1/5/15 min) before: ${fmt(load[0])}; after: ${fmt(load[1])} (${os.cpus().length} cores)`,
    ].join("\n");
    const misses = [
      firstOk
        ? ""
        : `pdf-viewer: first page ${med("firstPageMs")} ms (target ≤ ${TARGET_FIRST_PAGE_MS})`,
      jumpOk ? "" : `pdf-viewer: page jump ${med("jumpMs")} ms (target ≤ ${TARGET_PASSAGE_MS})`,
      citationOk
        ? ""
        : `pdf-viewer: citation ${med("citationMs")} ms (target ≤ ${TARGET_PASSAGE_MS})`,
      canvasOk ? "" : `pdf-viewer: more than ${TARGET_CANVASES} page canvases`,
      heapOk ? "" : `pdf-viewer: heap grew ${growth} MB scrolling to page ${SCROLL_PAGE}`,
    ].filter(Boolean);
    return { title: "PDF viewer on a 300-page PDF", markdown, misses };
  } finally {
    await browser.close();
    await stopServer(server, 10_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
