import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumArgs } from "../e2e/support/chromium-args.ts";
import {
  freePort,
  makeTempDir,
  REPO_ROOT,
  serverEnv,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../e2e/support/server-process.ts";
import { type BenchResult, kb, markdownTable, verdict } from "./lib/report.ts";

const WEB_DIR = path.join(REPO_ROOT, "apps/web");
/** The answer page: an offline answer (no model on the bench server), its markdown chunks included. */
const ANSWER_ROUTE = "/app/search?q=How%20do%20share%20links%20work%3F";
/** The answer page: 386.2 KB before issue 12 (c7a8806) + the 10 KB. */
const BUDGETS_KB: Record<string, number> = { "/": 90, "/app": 200, [ANSWER_ROUTE]: 396 };

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Sizes {
  raw: number;
  gzip: number;
}

/** The built app and its Vite manifest: apps/web/dist when it has one, else a --manifest build of the same sources. */
function loadBuild(): { dist: string; manifest: Manifest; note: string; cleanup: () => void } {
  // BENCH_WEB_DIST: another build (an earlier commit's, to compare) served by this server.
  const dist = process.env.BENCH_WEB_DIST ?? path.join(WEB_DIR, "dist");
  const own = path.join(dist, ".vite/manifest.json");
  if (fs.existsSync(own)) {
    return {
      dist,
      manifest: JSON.parse(fs.readFileSync(own, "utf8")) as Manifest,
      note: process.env.BENCH_WEB_DIST ?? "apps/web/dist",
      cleanup: () => undefined,
    };
  }
  const out = makeTempDir("nexus-bench-web-");
  const result = spawnSync(
    "npx",
    ["vite", "build", "--manifest", "--outDir", out, "--emptyOutDir"],
    {
      cwd: WEB_DIR,
      encoding: "utf8",
    },
  );
  if (result.status !== 0)
    throw new Error(`vite build --manifest failed:\n${result.stdout}${result.stderr}`);
  return {
    dist: out,
    manifest: JSON.parse(
      fs.readFileSync(path.join(out, ".vite/manifest.json"), "utf8"),
    ) as Manifest,
    note: "a `vite build --manifest` of apps/web (apps/web/dist has no manifest: enable build.manifest)",
    cleanup: () => fs.rmSync(out, { recursive: true, force: true }),
  };
}

function sizesOf(file: string): Sizes {
  const bytes = fs.readFileSync(file);
  return { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
}

/** Keys of the entry chunk and everything it imports statically (what index.html loads up front). */
function entryClosure(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return seen;
}

/** The JS files (paths under the build) Chromium downloads on a first visit to each route. */
async function loadedScripts(dist: string, routes: string[]): Promise<Map<string, string[]>> {
  const dataDir = makeTempDir("nexus-bench-js-");
  const server = spawnServer({
    port: await freePort(),
    env: serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: "warn", WEB_DIST: dist }),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: chromiumArgs(),
  });
  try {
    await waitForHealth(server);
    const loaded = new Map<string, string[]>();
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const files: string[] = [];
      page.on("response", (response) => {
        const url = new URL(response.url());
        if (
          url.origin === server.origin &&
          url.pathname.endsWith(".js") &&
          url.pathname !== "/theme-init.js"
        )
          files.push(url.pathname.replace(/^\//, ""));
      });
      await page.goto(`${server.origin}${route}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      loaded.set(route, [...new Set(files)]);
      await context.close();
    }
    return loaded;
  } finally {
    await browser.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Initial JS per route (gzip -9): every chunk's size, and what a first load of / and /app downloads. */
export async function initialJs(): Promise<BenchResult> {
  const build = loadBuild();
  try {
    const { dist, manifest } = build;
    const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
    const inEntry = entryClosure(manifest);
    const kind = (file: string) => {
      const key = keyOfFile.get(file);
      const chunk = key ? manifest[key] : undefined;
      if (!key || !chunk) return "not in manifest";
      if (chunk.isEntry) return "entry";
      if (inEntry.has(key)) return "static import of entry";
      return chunk.isDynamicEntry ? "lazy (dynamic import)" : "shared by lazy chunks";
    };

    const assets = fs
      .readdirSync(path.join(dist, "assets"))
      .filter((f) => f.endsWith(".js") || f.endsWith(".css"))
      .map((f) => `assets/${f}`)
      .sort();
    const chunkRows = assets.map((file) => {
      const s = sizesOf(path.join(dist, file));
      const key = keyOfFile.get(file);
      return [file, key ?? "(css)", kind(file), kb(s.raw), kb(s.gzip)];
    });
    chunkRows.sort((a, b) => Number(b[4]) - Number(a[4]));

    const routes = Object.keys(BUDGETS_KB);
    const loaded = await loadedScripts(dist, routes);
    const routeRows: (string | number)[][] = [];
    const misses: string[] = [];
    const entryKb = kb(
      [...inEntry].reduce((sum, key) => {
        const file = manifest[key]?.file;
        return file?.endsWith(".js") ? sum + sizesOf(path.join(dist, file)).gzip : sum;
      }, 0),
    );
    for (const route of routes) {
      const files = loaded.get(route) ?? [];
      const gzip = files.reduce((sum, f) => sum + sizesOf(path.join(dist, f)).gzip, 0);
      const raw = files.reduce((sum, f) => sum + sizesOf(path.join(dist, f)).raw, 0);
      const lazy = files
        .filter((f) => !inEntry.has(keyOfFile.get(f) ?? ""))
        .map((f) => path.basename(f).replace(/-[\w-]{8}\.js$/, ""));
      const budget = BUDGETS_KB[route] ?? 0;
      routeRows.push([
        route,
        files.length,
        kb(raw),
        kb(gzip),
        lazy.join(", ") || "-",
        `${budget} KB`,
        verdict(kb(gzip) <= budget),
      ]);
      if (kb(gzip) > budget)
        misses.push(`initial JS of ${route}: ${kb(gzip)} KB gzip > ${budget} KB`);
    }
    return {
      title: `Initial JS per route (gzip -9; measured from ${build.note}; entry + static imports = ${entryKb} KB gzip)`,
      markdown: [
        "First load in Chromium (fresh cache; JS files the page downloads, sizes from the build):",
        "",
        markdownTable(
          [
            "route",
            "JS files",
            "raw KB",
            "gzip KB",
            "beyond the entry (lazy)",
            "budget",
            "verdict",
          ],
          routeRows,
        ),
        "",
        "Every chunk:",
        "",
        markdownTable(["file", "source", "loaded as", "raw KB", "gzip KB"], chunkRows),
      ].join("\n"),
      misses,
    };
  } finally {
    build.cleanup();
  }
}
