import fs from "node:fs";
import { parseInWorker } from "./src/integrations/document-text/parse-worker.ts";
const F = "/work/shared/fixtures/documents/";
const limits = { maxPages: 2000, maxChars: 5e6, maxExpandedBytes: 100e6 };
for (const f of ["doc_1_3_pages.pdf", "doc_1_3_pages.pdf", "testHTML_utf8.html", "pdkids.pdf"]) {
  const t0 = performance.now();
  const progress: number[] = [];
  try {
    const d = await parseInWorker({ kind: f.endsWith("pdf") ? "pdf" : "html", bytes: new Uint8Array(fs.readFileSync(F + f)), limits, onProgress: (p) => progress.push(p.page) });
    console.log(f, d.pages.length, (performance.now() - t0).toFixed(0), progress.length);
  } catch (e) { console.log(f, e, (performance.now() - t0).toFixed(0)); }
}
const t0 = performance.now();
await parseInWorker({ kind: "pdf", bytes: new Uint8Array(fs.readFileSync(F + "pdkids.pdf")), limits, timeoutMs: 200 }).catch((e) => console.log("timeout:", e.code, (performance.now() - t0).toFixed(0)));
await parseInWorker({ kind: "pdf", bytes: new Uint8Array(fs.readFileSync(F + "pdkids.pdf")), limits, maxHeapMb: 40 }).then(() => console.log("no oom")).catch((e) => console.log("oom:", e.code ?? e.message));
await parseInWorker({ kind: "pdf", bytes: new Uint8Array(3), limits, workerUrl: new URL("file:///nonexistent.mjs") }).catch((e) => console.log("nostart:", e instanceof Error, (e as any).code, e.message));
