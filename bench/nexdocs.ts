import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { NexdocsNode } from "@nexus/contracts";
import { createDatabase, runMigrations, schema, startEmbeddedPostgres } from "@nexus/db";
import type { Deps, SessionUser } from "../apps/server/src/deps.ts";
import { markdownToDoc } from "../apps/server/src/modules/nexdocs/nexdocs.markdown.ts";
import * as nexdocs from "../apps/server/src/modules/nexdocs/nexdocs.service.ts";
import { REPO_ROOT } from "../e2e/support/server-process.ts";
import { type BenchResult, kb, markdownTable, verdict } from "./lib/report.ts";
import { percentile } from "./lib/stats.ts";

/**
 * NexDocs (issue 40), in process against embedded PostgreSQL through the module's service (the
 * same code the PATCH route runs after validation): the autosave round trip (schema check,
 * Markdown for search, the conditional UPDATE and the kept version in one transaction) p50/p95
 * over N saves of a 2-page and of a 50-page document; the 50-page document exported to DOCX and
 * PDF; and from the built web app, the gzip size of the JS a NexDocs route adds to the app.
 */
const SAVES = Number(process.env.BENCH_NEXDOCS_SAVES ?? 200);
const USER_ID = "00000000-0000-4000-8000-0000000d0c5e";
const TARGETS = { saveP95: 30, docx: 1_000, pdf: 3_000, routeKb: 250 } as const;

/** One page: a heading, five paragraphs (~450 words), a list, and a table or code on some pages. */
function page(n: number): string {
  const sentence = `Page ${n} records how the harbour crews inspected the breakwater, logged each repair and checked the tide tables before the next shift began.`;
  const paragraph = Array.from({ length: 4 }, () => sentence).join(" ");
  const parts = [`## Section ${n}`, "", ...Array.from({ length: 5 }, () => [paragraph, ""]).flat()];
  parts.push("- inspect the pier", "- log the repair", "- check the tide", "");
  if (n % 3 === 0)
    parts.push(
      "| Month | Ships | Repairs |",
      "| --- | --- | --- |",
      `| March | ${n} | 3 |`,
      `| April | ${n + 1} | 1 |`,
      "",
    );
  if (n % 5 === 0) parts.push("```ts", `const tide = ${n};`, "```", "");
  return parts.join("\n");
}

/** A document of `pages` pages as Markdown (the typing bench imports it through the API). */
export function markdownOf(pages: number): string {
  return Array.from({ length: pages }, (_, i) => page(i + 1)).join("\n");
}

export function documentOf(pages: number): NexdocsNode {
  return markdownToDoc(markdownOf(pages));
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The manifest key of the NexDocs document route's chunk (router.tsx's lazy import). */
const ROUTE_KEY = "src/app/routes/app/nexdocs.tsx";
/** What a signed-in page has loaded before any route (main.tsx: the app and its layout). */
const APP_KEYS = ["src/app/app.tsx", "src/app/routes/app/layout.tsx"];

/**
 * The JS a route adds to the app: its chunk and every chunk it imports statically that the app
 * has not loaded already (the entry, app.tsx and the app layout, with what they import), with
 * their CSS — read from the build's Vite manifest (apps/web/dist/.vite/manifest.json), so the
 * route's chunk is the one the router loads, never another `nexdocs-*.js` (the NexDocs
 * catalogues' chunks share the name).
 */
function routeJsGzip(): { kb: number; files: number } | null {
  const dist = path.join(REPO_ROOT, "apps/web/dist");
  const manifestFile = path.join(dist, ".vite/manifest.json");
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<
    string,
    ManifestChunk
  >;
  if (!manifest[ROUTE_KEY]) return null;
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const key = stack.pop() ?? "";
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      stack.push(...(manifest[key].imports ?? []));
    }
    return seen;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const app = closure([...entries, ...APP_KEYS]);
  const added = [...closure([ROUTE_KEY])].filter((key) => !app.has(key));
  const files = new Set<string>();
  for (const key of added) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  const bytes = [...files].reduce(
    (sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length,
    0,
  );
  return { kb: kb(bytes), files: files.size };
}

export async function nexdocsBench(): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-bench-nexdocs-"));
  fs.chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir, database: "nexus_bench" });
  const database = createDatabase({ url: pg.url, max: 4 });
  const rows: (string | number)[][] = [];
  const misses: string[] = [];
  try {
    const db = database.db;
    await runMigrations(db);
    await db
      .insert(schema.users)
      .values({ id: USER_ID, email: "nexdocs@bench.test", name: "Bench" });
    const deps = { db, env: { APP_URL: "http://bench.test" } } as unknown as Deps;
    const user = { id: USER_ID, email: "nexdocs@bench.test", name: "Bench" } as SessionUser;
    for (const pages of [2, 50]) {
      const content = documentOf(pages);
      const doc = await nexdocs.create(deps, user, { title: `${pages} pages`, content });
      let revision = doc.revision;
      const times: number[] = [];
      for (let i = 0; i < SAVES; i++) {
        const start = performance.now();
        const saved = await nexdocs.save(deps, user, doc.id, {
          baseRevision: revision,
          title: `${pages} pages`,
          content,
        });
        times.push(performance.now() - start);
        revision = saved.revision;
      }
      const p95 = Math.round(percentile(times, 95) * 10) / 10;
      const ok = pages !== 2 || p95 <= TARGETS.saveP95;
      if (!ok)
        misses.push(
          `autosave round trip p95 (${pages} pages): ${p95} ms (target ≤ ${TARGETS.saveP95})`,
        );
      const size = Math.round(JSON.stringify(content).length / 1024);
      rows.push([
        `autosave round trip, ${pages}-page document (${size} KB JSON), ${SAVES} saves`,
        `p50 ${Math.round(percentile(times, 50) * 10) / 10} ms · p95 ${p95} ms`,
        pages === 2 ? `p95 ≤ ${TARGETS.saveP95} ms` : "—",
        verdict(ok),
      ]);
      if (pages !== 50) continue;
      for (const [format, run] of [
        ["docx", "first"],
        ["docx", "again"],
        ["pdf", "first"],
        ["pdf", "again"],
      ] as const) {
        const start = performance.now();
        const file = await nexdocs.exportDocument(deps, user, { id: doc.id, format });
        const ms = Math.round(performance.now() - start);
        const target = TARGETS[format];
        if (ms > target && run === "again")
          misses.push(`${format} export of 50 pages: ${ms} ms (target ≤ ${target})`);
        rows.push([
          `export of the 50-page document → ${format}, ${run === "first" ? "first (starts the export worker)" : "again"} (${kb(file.body.length)} KB)`,
          `${ms} ms`,
          run === "first" ? "—" : `≤ ${target} ms`,
          run === "first" ? "—" : verdict(ms <= target),
        ]);
      }
    }
  } finally {
    await database.close();
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const js = routeJsGzip();
  if (js) {
    const ok = js.kb <= TARGETS.routeKb;
    if (!ok) misses.push(`NexDocs route JS: ${js.kb} KB gzip (target ≤ ${TARGETS.routeKb})`);
    rows.push([
      `JS a document route adds beyond the app (entry, app, app layout; ${js.files} files, gzip -9)`,
      `${js.kb} KB`,
      `≤ ${TARGETS.routeKb} KB`,
      verdict(ok),
    ]);
  } else
    rows.push(["JS a document route adds", "no apps/web/dist: run npm run build:web", "—", "—"]);
  return {
    title: "NexDocs: autosave, export, route JS",
    markdown: markdownTable(["what", "measured", "target", "verdict"], rows),
    misses,
  };
}
