import fs from "node:fs";
import { detectKind } from "./src/integrations/document-text/detect.ts";
import { parseDocument } from "./src/integrations/document-text/parse.ts";
const F = "/work/shared/fixtures/documents/";
const only = process.argv.slice(2);
for (const f of fs.readdirSync(F).sort()) {
  if (f === "MANIFEST.md") continue;
  if (only.length && !only.includes(f)) continue;
  const bytes = new Uint8Array(fs.readFileSync(F + f));
  const kind = detectKind(bytes, f);
  const t0 = performance.now();
  if (!kind) { console.log(f, "=> null"); continue; }
  try {
    const d = await parseDocument({ kind, bytes, name: f, ocr: only.length > 0, limits: { maxPages: 2000, maxChars: 5e6, maxExpandedBytes: 100e6 } });
    console.log(f, kind, d.pages.length, (performance.now()-t0).toFixed(0)+"ms", d.title ?? "", d.rtl ? "RTL":"", d.warnings, JSON.stringify(d.pages.map(p=>p.text).join(" ¶ ").slice(0, only.length? 3000: 220)), only.length ? JSON.stringify(d.pages[0]?.headings) : "");
  } catch (e: any) { console.log(f, kind, "FAIL", e.code, e.message, e.code ? "" : e.stack); }
}
