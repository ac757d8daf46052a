import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { englishDataPath, OCR_WARNING } from "../../src/integrations/document-text/ocr.ts";
import {
  closeIdleParseProcesses,
  parseInProcess,
} from "../../src/integrations/document-text/parse-process.ts";
import { DOCUMENTS, fixture, LIMITS } from "./fixtures.ts";

/**
 * Offline OCR. In CI one small scanned page is OCR'd (corpus.test.ts: testOCR.pdf); the nightly
 * run OCRs the other scanned fixtures, one of them in a process without any network (a new
 * network namespace), so a download attempt would fail the test.
 */

afterAll(closeIdleParseProcesses);

const NIGHTLY = !!process.env.NIGHTLY;
const PARSE_MODULE = pathToFileURL(
  fileURLToPath(new URL("../../src/integrations/document-text/parse.ts", import.meta.url)),
).href;
const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));

describe("offline OCR", () => {
  it("reads its language data from the installed package, not from a URL", () => {
    const dir = englishDataPath();
    expect(path.isAbsolute(dir)).toBe(true);
    expect(dir).toMatch(/node_modules[/\\]@tesseract\.js-data[/\\]eng[/\\]/);
    expect(fs.statSync(path.join(dir, "eng.traineddata.gz")).size).toBeGreaterThan(1_000_000);
  });

  // Nightly only (minutes of OCR on this machine): registered only then, never skipped.
  if (!NIGHTLY) return;

  it("an encrypted scanned page: decrypted with its password, then OCR'd", async () => {
    const progress: string[] = [];
    const document = await parseInProcess({
      kind: "pdf",
      bytes: fixture("issue3371.pdf"),
      password: "ELXRTQWS",
      limits: LIMITS,
      onProgress: (p) => progress.push(p.stage),
    });
    expect(document.pages[0]).toMatchObject({ ocr: true });
    expect(document.pages[0]?.text).toContain("This is quite a simple example.");
    expect(document.warnings).toEqual([OCR_WARNING]);
    expect(progress).toEqual(["parsing", "ocr"]);
  }, 300_000);

  it("works with no network at all (a fresh network namespace)", () => {
    const input = path.join(DOCUMENTS, "issue7200.pdf");
    const script = [
      'import fs from "node:fs";',
      `import { parseDocument } from ${JSON.stringify(PARSE_MODULE)};`,
      `const bytes = new Uint8Array(fs.readFileSync(${JSON.stringify(input)}));`,
      `const doc = await parseDocument({ kind: "pdf", bytes, limits: ${JSON.stringify(LIMITS)} });`,
      "console.log(JSON.stringify(doc.pages[0]));",
    ].join("\n");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-ocr-offline-"));
    const file = path.join(dir, "ocr-offline.mts");
    fs.writeFileSync(file, script);
    const result = spawnSync("unshare", ["-n", process.execPath, "--import", "tsx", file], {
      cwd: SERVER_DIR,
      encoding: "utf8",
      timeout: 300_000,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(result.stderr).not.toMatch(/ENOTFOUND|ENETUNREACH|EAI_AGAIN|fetch failed/);
    const page = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}");
    expect(page.ocr).toBe(true);
    expect(page.text).toContain("Lorem ipsum dolor sit");
    expect(page.text).toContain("consetetur sadipscing elitr");
  }, 300_000);
});
