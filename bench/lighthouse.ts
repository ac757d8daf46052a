import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import lighthouse, { desktopConfig } from "lighthouse";
import { chromiumArgs } from "../e2e/support/chromium-args.ts";
import {
  freePort,
  makeTempDir,
  REPO_ROOT,
  type ServerProcess,
  serverEnv,
  signInFromLog,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../e2e/support/server-process.ts";
import { type BenchResult, cpuBusyPercent, markdownTable } from "./lib/report.ts";
import { textPdf, uploadReady } from "./lib/text-pdf.ts";

/**
 * Lighthouse 12.8.2 (issue 5) against the production server's public pages, in Debian Chromium
 * (headless). Scores per page and preset; the failing audits of any category under its target.
 *
 *   BENCH_LIGHTHOUSE_PRESETS=mobile,desktop   presets (mobile is Lighthouse's default config)
 *   BENCH_LIGHTHOUSE_RUNS=1                   runs per page and preset (the median score is kept)
 *   BENCH_LIGHTHOUSE_PAGES=/faq,/blog         only these paths (default: /, /faq, /blog, a post, /book-demo)
 *   BENCH_LIGHTHOUSE_APP=1                    the app signed in instead: /app, an answer page, /app/agents,
 *                                             an agent chat, a document chat, a research report and
 *                                             /app/discover (issue 37's seven; one user, one offline
 *                                             answer, a 3-page PDF, a quick offline research; Lighthouse
 *                                             sends the session cookie with every request; in
 *                                             BENCH_LIGHTHOUSE_PAGES, {thread}, {document} and {research}
 *                                             are their ids)
 *   BENCH_LIGHTHOUSE_SAVE=/tmp/lhr            also write each run's full report (JSON) and its trace there
 *   CHROME_PATH=/usr/bin/chromium             the browser
 *   BENCH_LIGHTHOUSE_PLAIN_FLAGS=1            Chromium without the E2E runs' --disable-features list
 *   WEB_DIST=<dir>                            another web build (e.g. main's, to compare side by side)
 */
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];

/**
 * Chromium's switches: the E2E runs' own (e2e/support/chromium-args.ts: no sandbox or GPU, no
 * background traffic, no preloaded omnibox WebUI or spare renderer, which cost this 2-core machine
 * CPU while Lighthouse measures) plus headless. BENCH_LIGHTHOUSE_PLAIN_FLAGS=1 drops the
 * `--disable-features` list (the bench's switches before issue 24), to compare.
 */
function chromeFlags(): string[] {
  const args = chromiumArgs();
  const flags =
    process.env.BENCH_LIGHTHOUSE_PLAIN_FLAGS === "1"
      ? args.filter((arg) => !arg.startsWith("--disable-features="))
      : args;
  return ["--headless", "--disable-dev-shm-usage", ...flags];
}

interface Chrome {
  port: number;
  process: ChildProcess;
  dataDir: string;
}

/** Starts Chromium with a DevTools port Lighthouse connects to. */
async function launchChrome(): Promise<Chrome> {
  const port = await freePort();
  const dataDir = makeTempDir("nexus-lighthouse-chrome-");
  const child = spawn(
    process.env.CHROME_PATH ?? "/usr/bin/chromium",
    [
      ...chromeFlags(),
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${dataDir}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chromium exited: ${stderr.slice(-2000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return { port, process: child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`Chromium did not open its DevTools port: ${stderr.slice(-2000)}`);
}

async function closeChrome(chrome: Chrome): Promise<void> {
  const exited = new Promise((resolve) => chrome.process.once("exit", resolve));
  chrome.process.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (chrome.process.exitCode === null) chrome.process.kill("SIGKILL");
  fs.rmSync(chrome.dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

interface AuditLine {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
}

interface PageRun {
  scores: Record<Category, number>;
  /** Failing audits per category (score < 1), heaviest first. */
  failing: Record<Category, AuditLine[]>;
  metrics: string;
}

async function runLighthouse(
  url: string,
  preset: string,
  port: number,
  cookie: string | null,
): Promise<PageRun> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    preset === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const saveDir = process.env.BENCH_LIGHTHOUSE_SAVE;
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    const name = `${preset}${new URL(url).pathname.replaceAll("/", "_")}.json`;
    fs.writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
    const trace = result.artifacts?.Trace;
    if (trace)
      fs.writeFileSync(
        path.join(saveDir, name.replace(/\.json$/, ".trace.json")),
        JSON.stringify(trace),
      );
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  const failing = {} as Record<Category, AuditLine[]>;
  for (const category of CATEGORIES) {
    const cat = lhr.categories[category];
    scores[category] = Math.round((cat?.score ?? 0) * 100);
    failing[category] = (cat?.auditRefs ?? [])
      .filter((ref) => {
        const audit = lhr.audits[ref.id];
        return (
          audit &&
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== "informative"
        );
      })
      .sort((a, b) => b.weight - a.weight)
      .map((ref) => {
        const audit = lhr.audits[ref.id];
        return {
          id: ref.id,
          title: audit?.title ?? ref.id,
          score: audit?.score ?? null,
          ...(audit?.displayValue ? { displayValue: audit.displayValue } : {}),
        };
      });
  }
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
  const metrics = `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}`;
  return { scores, failing, metrics };
}

/** The page paths: the four fixed ones and one post (getting-started when there is one). */
function publicPaths(): string[] {
  const only = process.env.BENCH_LIGHTHOUSE_PAGES;
  if (only) return only.split(",").map((p) => p.trim());
  const slugs = fs
    .readdirSync(path.join(REPO_ROOT, "content/blog"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.slice(0, -3))
    .sort();
  const post = slugs.includes("getting-started") ? "getting-started" : slugs[0];
  if (!post) throw new Error("content/blog has no post");
  return ["/", "/faq", "/blog", `/blog/${post}`, "/book-demo"];
}

/**
 * Signs one person in (the link the server logs), asks one question on the offline engine (an
 * answer page), uploads a three-page PDF (a document chat) and runs a quick research over local
 * sources (a report): the app's pages as a signed-in person sees them.
 */
async function appPages(server: ServerProcess): Promise<{ cookie: string; paths: string[] }> {
  const { cookie } = await signInFromLog(server, "lighthouse@nexus.test");
  const post = (path: string, body: unknown) =>
    fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: server.origin },
      body: JSON.stringify(body),
    });
  const asked = await post("/api/answer", { text: "What is offline mode?", focusMode: "web" });
  await asked.text();
  if (asked.status !== 200) throw new Error(`the answer for the answer page: ${asked.status}`);
  const history = await fetch(`${server.origin}/api/history`, { headers: { cookie } });
  const page = (await history.json()) as { threads?: { threadId: string }[] };
  const threadId = page.threads?.[0]?.threadId;
  if (!threadId) throw new Error("the answer was not saved: no thread for the answer page");
  const documentId = await uploadReady(server.origin, cookie, textPdf(3));
  const started = await post("/api/research", {
    question: "How does offline mode answer questions?",
    depth: "quick",
    sources: "both",
  });
  const research = (await started.json()) as { threadId?: string };
  if (started.status >= 300 || !research.threadId)
    throw new Error(`the research for the report page: ${started.status}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${server.origin}/api/research/${research.threadId}`, {
      headers: { cookie },
    });
    const { status } = (await res.json()) as { status?: string };
    if (status === "succeeded") break;
    if (status !== "running" && status !== "queued")
      throw new Error(`the research for the report page ended ${status}`);
    if (Date.now() > deadline) throw new Error("the research for the report page ran 2 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  const fill = (p: string) =>
    p
      .replace("{thread}", threadId)
      .replace("{document}", documentId)
      .replace("{research}", research.threadId ?? "");
  const only = process.env.BENCH_LIGHTHOUSE_PAGES;
  const paths = only
    ? only.split(",").map((p) => fill(p.trim()))
    : [
        "/app",
        `/app/search/what-is-offline-mode-${threadId}`,
        "/app/agents",
        "/app/agents/quick-answer",
        `/app/document-chat/${documentId}`,
        `/app/agents/deepresearch/${research.threadId}`,
        "/app/discover",
      ];
  return { cookie, paths };
}

export async function lighthouseBench(): Promise<BenchResult> {
  const signedIn = process.env.BENCH_LIGHTHOUSE_APP === "1";
  const presets = (process.env.BENCH_LIGHTHOUSE_PRESETS ?? "mobile,desktop")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
  const dataDir = makeTempDir("nexus-bench-lighthouse-");
  const server = spawnServer({
    port: await freePort(),
    // info: the sign-in link is logged (the app mode reads it there; there is no SMTP_URL).
    env: serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: signedIn ? "info" : "warn" }),
  });
  let chrome: Chrome | null = null;
  try {
    await waitForHealth(server);
    chrome = await launchChrome();
    const app = signedIn ? await appPages(server) : null;
    const paths = app ? app.paths : publicPaths();
    const rows: (string | number)[][] = [];
    const details: string[] = [];
    const misses: string[] = [];
    const busy: number[] = [];
    for (const preset of presets) {
      for (const pagePath of paths) {
        const samples: PageRun[] = [];
        for (let i = 0; i < runs; i++) {
          busy.push((await cpuBusyPercent(1_000)) ?? Number.NaN);
          samples.push(
            await runLighthouse(
              `${server.origin}${pagePath}`,
              preset,
              chrome.port,
              app?.cookie ?? null,
            ),
          );
        }
        // The run with the median performance score stands for the page.
        samples.sort((a, b) => a.scores.performance - b.scores.performance);
        const run = samples[Math.floor(samples.length / 2)] ?? samples[0];
        if (!run) continue;
        const under = CATEGORIES.filter((c) => run.scores[c] < TARGETS[c]);
        rows.push([
          pagePath,
          preset,
          ...CATEGORIES.map((c) => run.scores[c]),
          under.length ? `UNDER: ${under.join(", ")}` : "ok",
        ]);
        if (under.length) {
          misses.push(
            `Lighthouse ${preset} ${pagePath}: ${under.map((c) => `${c} ${run.scores[c]} < ${TARGETS[c]}`).join(", ")}`,
          );
          const lines = under.flatMap((c) =>
            run.failing[c]
              .slice(0, 6)
              .map(
                (a) =>
                  `  - ${c}: ${a.id} (${a.title})${a.displayValue ? `: ${a.displayValue}` : ""}${a.score !== null ? ` [score ${a.score}]` : ""}`,
              ),
          );
          details.push(`- ${preset} ${pagePath} (${run.metrics})\n${lines.join("\n")}`);
        }
        if (preset === presets[0] || under.includes("performance")) {
          // Metrics of every page in the first preset, for reference.
          if (!under.length) details.push(`- ${preset} ${pagePath}: ${run.metrics}`);
        }
      }
    }
    const valid = busy.filter((b) => Number.isFinite(b));
    const meanBusy = valid.length
      ? Math.round(valid.reduce((s, b) => s + b, 0) / valid.length)
      : null;
    const markdown = [
      markdownTable(
        ["page", "preset", "performance", "accessibility", "best practices", "SEO", "verdict"],
        rows,
      ),
      `Targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS["best-practices"]}, SEO ≥ ${TARGETS.seo}. Lighthouse 12.8.2, ${process.env.CHROME_PATH ?? "/usr/bin/chromium"} headless, ${runs} run(s) per page and preset (median by performance), production server (embedded PostgreSQL, offline engine).`,
      meanBusy === null
        ? ""
        : `CPU busy just before each run: mean ${meanBusy}%${meanBusy > 15 ? " (the machine was NOT idle: performance scores are pessimistic)" : ""}.`,
      details.length ? `Details:\n${details.join("\n")}` : "",
    ]
      .filter(Boolean)
      .join("\n\n");
    const title = signedIn ? "Lighthouse: the app, signed in" : "Lighthouse: public pages";
    return { title, markdown, misses };
  } finally {
    if (chrome) await closeChrome(chrome).catch(() => undefined);
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
