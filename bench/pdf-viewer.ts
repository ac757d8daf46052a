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
import { passageOn, textPdf, uploadReady } from "./lib/text-pdf.ts";

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
const TARGET_THUMBNAILS = 12;
/** The page the question of the chip row is about (not rendered when the chip is clicked). */
const CHIP_PAGE = 200;
const CHIP = '[data-testid="document-citation"][data-verified="true"]';
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"];
const BUNDLE = path.join(REPO_ROOT, "apps/server/dist/main.js");

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

type Measure = Exclude<keyof Run, "milestones" | "citationSteps">;

interface Run {
  firstPageMs: number;
  canvasesLoaded: number;
  heapLoadedMb: number;
  jumpMs: number;
  citationMs: number;
  heapScrolledMb: number;
  canvasesScrolled: number;
  thumbnails: number;
  chipMs: number;
  chipPage: number;
  coldCitationMs: number;
  milestones: Record<Milestone | "painted", number>;
  /** The in-app citation: its passage answered, page 100's text layer first drawn (ms after the click). */
  citationSteps: { passage: number; text: number };
}

/** When the first page's requests ended or started (ms since the navigation; resource timing). */
type Milestone = "info" | "viewerCode" | "worker" | "pdfStart" | "pdfEnd";
const MILESTONES = `(() => {
  const all = performance.getEntriesByType("resource");
  const find = (test) => all.find((e) => test(new URL(e.name).pathname));
  const at = (entry, key) => (entry ? Math.round(entry[key]) : -1);
  return {
    info: at(find((p) => p.startsWith("/api/documents/") && p.split("/").length === 4), "responseEnd"),
    viewerCode: at(find((p) => p.startsWith("/assets/pdf-viewer-") && p.endsWith(".js")), "responseEnd"),
    worker: at(find((p) => p.includes("pdf.worker")), "startTime"),
    pdfStart: at(find((p) => p.endsWith("/content")), "startTime"),
    pdfEnd: at(find((p) => p.endsWith("/content")), "responseEnd"),
  };
})()`;

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
  const milestones = (await page.evaluate(MILESTONES)) as Record<Milestone, number>;
  const canvasesLoaded = (await page.evaluate("window.__canvases()")) as number;
  const heapLoadedMb = await heapMb(context, page);

  // The reply's first verified citation chip (its page not rendered) → its mark in view.
  await page.locator(CHIP).first().waitFor({ timeout: 30_000 });
  const chip = (await page.evaluate(`(async () => {
    const t0 = performance.now();
    document.querySelector('${CHIP}').click();
    let mark = null;
    const t1 = await window.__until(() => {
      mark = [...document.querySelectorAll("mark.doc-highlight")].find((m) => window.__inPane(m));
      return Boolean(mark);
    });
    return { ms: t1 - t0, page: Number(mark.closest("[data-page]").dataset.page) };
  })()`)) as { ms: number; page: number };

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
  const citation = (await page.evaluate(`(async () => {
    const t0 = performance.now();
    let text = -1;
    history.pushState(history.state, "", location.pathname + "?chunk=${chunk}");
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    const t1 = await window.__until(() => {
      if (text < 0 && document.querySelector('[data-page="${CITED_PAGE}"] .textLayer span'))
        text = performance.now() - t0;
      return window.__inPane(document.querySelector('[data-page="${CITED_PAGE}"] mark.doc-highlight'));
    });
    const passage = performance.getEntriesByType("resource").find((e) => e.name.includes("/passages/"));
    return { ms: t1 - t0, passage: passage ? passage.responseEnd - t0 : -1, text };
  })()`)) as { ms: number; passage: number; text: number };
  const citationMs = citation.ms;

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
  // The thumbnail strip opened on page 150: only the thumbnails near its view draw.
  await page.getByRole("button", { name: "Thumbnails" }).click();
  await page.evaluate(`window.__until(() => window.__painted(document.querySelector(
    '[data-testid="pdf-thumbnails"] [aria-current="page"] canvas')))`);
  await page.waitForTimeout(300);
  const thumbnails = (await page.evaluate(
    `document.querySelectorAll('[data-testid="pdf-thumbnails"] canvas').length`,
  )) as number;
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
    thumbnails,
    chipMs: chip.ms,
    chipPage: chip.page,
    coldCitationMs,
    milestones: { ...milestones, painted: firstPageMs },
    citationSteps: { passage: citation.passage, text: citation.text },
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
    // One question (offline engine), so the thread has a reply whose citation chips each run clicks.
    const box = warm.getByTestId("document-composer").getByRole("textbox");
    await box.fill(`Where does the ferry to Skerry ${CHIP_PAGE} leave from?`);
    await box.press("Enter");
    await warm.locator(CHIP).first().waitFor({ timeout: 60_000 });
    await warm.close();
    const load = [os.loadavg()];
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await oneRun(context, server.origin, viewerPath, id, chunk));
    load.push(os.loadavg());
    await context.close();

    const med = (key: Measure) => Math.round(median(runs.map((r) => r[key])) * 10) / 10;
    const firstOk = med("firstPageMs") <= TARGET_FIRST_PAGE_MS;
    const jumpOk = med("jumpMs") <= TARGET_PASSAGE_MS;
    const citationOk = med("citationMs") <= TARGET_PASSAGE_MS;
    const growth = Math.round((med("heapScrolledMb") - med("heapLoadedMb")) * 10) / 10;
    const canvasOk = Math.max(med("canvasesLoaded"), med("canvasesScrolled")) <= TARGET_CANVASES;
    const thumbsOk = med("thumbnails") <= TARGET_THUMBNAILS;
    const chipOk = med("chipMs") <= TARGET_PASSAGE_MS;
    const heapOk = growth <= TARGET_HEAP_GROWTH_MB;
    const all = (key: Measure) => runs.map((r) => Math.round(r[key])).join(", ");
    const row = (label: string, key: Measure, target: string, ok?: boolean) => [
      label,
      med(key),
      all(key),
      target,
      ok === undefined ? "" : verdict(ok),
    ];
    const rows: (string | number)[][] = [
      row(
        "navigation → first page painted, ms",
        "firstPageMs",
        `≤ ${TARGET_FIRST_PAGE_MS}`,
        firstOk,
      ),
      row(
        "page canvases after load",
        "canvasesLoaded",
        `≤ ${TARGET_CANVASES} of ${PAGES}`,
        canvasOk,
      ),
      row("JS heap after load, MB", "heapLoadedMb", "(context)"),
      row(
        `page input ${JUMP_PAGE} → its text layer in view, ms`,
        "jumpMs",
        `≤ ${TARGET_PASSAGE_MS}`,
        jumpOk,
      ),
      row(
        `citation chip click (its mark on page ${med("chipPage")}, unrendered) → mark in view, ms`,
        "chipMs",
        `≤ ${TARGET_PASSAGE_MS}`,
        chipOk,
      ),
      row(
        `citation link ?chunk=${chunk} (page ${CITED_PAGE}, unrendered) → mark in view, ms`,
        "citationMs",
        `≤ ${TARGET_PASSAGE_MS}`,
        citationOk,
      ),
      row(
        `page canvases after scrolling to ${SCROLL_PAGE}`,
        "canvasesScrolled",
        `≤ ${TARGET_CANVASES}`,
        canvasOk,
      ),
      row(
        `thumbnail canvases, the strip opened on page ${SCROLL_PAGE}`,
        "thumbnails",
        `≤ ${TARGET_THUMBNAILS} of ${PAGES}`,
        thumbsOk,
      ),
      row(
        `JS heap after scrolling to ${SCROLL_PAGE}, MB`,
        "heapScrolledMb",
        `growth ≤ ${TARGET_HEAP_GROWTH_MB} MB (${growth})`,
        heapOk,
      ),
      row(
        "citation link in a new tab → mark in view, ms since navigation",
        "coldCitationMs",
        "(context)",
      ),
    ];
    const step = (key: keyof Run["milestones"]) =>
      Math.round(median(runs.map((r) => r.milestones[key])));
    const cite = (key: keyof Run["citationSteps"]) =>
      Math.round(median(runs.map((r) => r.citationSteps[key])));
    const fmt = (l: number[] | undefined) => (l ?? []).map((v) => v.toFixed(2)).join(" / ");
    const markdown = [
      `${PAGES}-page text PDF (${Math.round(pdf.length / 1024)} KB, made at bench time), Chromium 1280×800, built app, real server; median of ${RUNS} runs`,
      "",
      markdownTable(["measure", "median", "runs", "target", "verdict"], rows),
      "",
      `Where the first page's time goes (median ms since the navigation): document info answered ${step("info")}; viewer code loaded ${step("viewerCode")}; pdf.js worker requested ${step("worker")}; PDF requested ${step("pdfStart")}, received ${step("pdfEnd")}; first page painted ${step("painted")}.`,
      `The in-app citation (median ms after the click): its passage answered (GET /passages/${chunk}) ${cite("passage")}; page ${CITED_PAGE}'s text layer first drawn ${cite("text")}; its mark in view ${med("citationMs")}.`,
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
      chipOk ? "" : `pdf-viewer: citation chip ${med("chipMs")} ms (target ≤ ${TARGET_PASSAGE_MS})`,
      thumbsOk ? "" : `pdf-viewer: ${med("thumbnails")} thumbnail canvases`,
      heapOk ? "" : `pdf-viewer: heap grew ${growth} MB scrolling to page ${SCROLL_PAGE}`,
    ].filter(Boolean);
    return { title: "PDF viewer on a 300-page PDF", markdown, misses };
  } finally {
    await browser.close();
    await stopServer(server, 10_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
