import { zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { detectKind } from "../../src/integrations/document-text/detect.ts";
import { parseDocument } from "../../src/integrations/document-text/parse.ts";
import {
  closeIdleParseProcesses,
  parseInProcess,
} from "../../src/integrations/document-text/parse-process.ts";
import { type DocumentKind, ParseFailure } from "../../src/integrations/document-text/types.ts";
import { fixture, LIMITS } from "./fixtures.ts";

/**
 * Hostile files through the parse process: they end as a clear failure (or harmless text), never
 * run code, never expand without limit, and the type comes from the bytes, not the name.
 */

afterAll(closeIdleParseProcesses);

const inWorker = (kind: DocumentKind, bytes: Uint8Array, limits = LIMITS) =>
  parseInProcess({ kind, bytes, limits, ocr: false, timeoutMs: 60_000 });

const failureOf = (run: Promise<unknown>) =>
  run.then(
    () => null,
    (error: unknown) => error,
  );

describe("the type comes from the bytes", () => {
  it("a file is judged by its bytes, whatever its extension says", () => {
    expect(detectKind(fixture("tracemonkey.pdf"), "report.docx")).toBe("pdf");
    expect(detectKind(fixture("tables.docx"), "tables.pdf")).toBe("docx");
    expect(detectKind(fixture("testEXCEL.xlsx"), "sheet.csv")).toBe("xlsx");
    expect(detectKind(fixture("testEPUB.epub"), "book.txt")).toBe("epub");
    const page = new TextEncoder().encode("\ufeff  <!-- x -->\n<!DOCTYPE html><p>Hi</p>");
    expect(detectKind(page, "notes.txt")).toBe("html");
    expect(detectKind(fixture("testHTML_utf8.html"), "notes.md")).toBe("html");
    expect(detectKind(fixture("testTXTNonASCIIUTF8.txt"), "scan.pdf")).toBe("text");
    expect(detectKind(fixture("droste.zip"), "archive.docx")).toBeNull();
    expect(detectKind(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]), "a.txt")).toBeNull();
  });

  it("the extension only chooses between text kinds", () => {
    const csv = new TextEncoder().encode("a,b\n1,2\n3,4\n");
    expect(detectKind(csv, "data.csv")).toBe("csv");
    expect(detectKind(csv, "data.txt")).toBe("text");
    expect(detectKind(csv, "data.md")).toBe("markdown");
    expect(detectKind(csv)).toBe("csv");
    expect(detectKind(new TextEncoder().encode("# Title\n\n- a\n- b\n"))).toBe("markdown");
  });

  it("ODF and EPUB are told apart from the head alone (their mimetype entry)", () => {
    const head = (name: string) => fixture(name).subarray(0, 128);
    expect(detectKind(head("testODFwithOOo3.odt"))).toBe("odt");
    expect(detectKind(head("LibreOfficeWriter_odt_1.3.odt"))).toBe("odt");
  });
});

describe("hostile files in the parse process", () => {
  it("the XSS payload list is read as inert text", async () => {
    const document = await inWorker("html", fixture("xss-payload-list.html"));
    const text = document.pages[0]?.text ?? "";
    expect(text.length).toBeGreaterThan(1_000);
    // Its hundreds of <script> elements are gone, content and all; what is left is plain text.
    expect(text).not.toMatch(/<script>/i);
    const html = await inWorker(
      "html",
      new TextEncoder().encode(
        "<!DOCTYPE html><p>Kept</p><script>globalThis.ran = 1; document.write('Injected')</script>",
      ),
    );
    expect(html.pages[0]?.text).toBe("Kept");
  });

  it("HTML nested 20,000 deep or with a 40,000-row table is read linearly, headings kept", async () => {
    const deep = await inWorker(
      "html",
      new TextEncoder().encode(
        `<!DOCTYPE html><title>Deep</title><h1>Top</h1>${"<div>".repeat(20_000)}Inside${"</div>".repeat(20_000)}`,
      ),
    );
    expect(deep.title).toBe("Deep");
    expect(deep.pages[0]?.text).toBe("Top\n\nInside");
    expect(deep.pages[0]?.headings).toEqual([{ level: 1, text: "Top", offset: 0 }]);
    const table = await inWorker(
      "html",
      new TextEncoder().encode(
        `<table>${"<tr><td>cell</td><td>value</td></tr>".repeat(40_000)}</table>`,
      ),
    );
    expect(table.pages[0]?.text.startsWith("cell value")).toBe(true);
  });

  it("PDFs with JavaScript are read without running it", async () => {
    for (const name of ["evaljs.pdf", "autoprint.pdf", "issue15590.pdf"]) {
      const failure = await failureOf(inWorker("pdf", fixture(name)));
      expect(failure).toMatchObject({ code: "empty" });
    }
  });

  it("the billion-laughs spreadsheet is refused, not expanded", async () => {
    await expect(inWorker("xlsx", fixture("poc-xmlbomb.xlsx"))).rejects.toMatchObject({
      code: "too_large",
    });
  });

  it("an external entity is never resolved", async () => {
    const document = await inWorker("docx", fixture("ExternalEntityInText.docx"));
    expect(document.pages[0]?.text).toBe('Here should not be the POI web site: ""');
  });

  it("the zip quine and the zip-slip archive are not documents, even when called one", async () => {
    for (const name of ["droste.zip", "testZip_relative.zip"]) {
      for (const kind of ["docx", "epub", "odt", "xlsx"] as const) {
        const failure = await failureOf(
          parseDocument({ kind, bytes: fixture(name), limits: LIMITS }),
        );
        expect(failure).toBeInstanceOf(ParseFailure);
        expect((failure as ParseFailure).code).toBe("damaged");
      }
    }
  });
});

describe("bounded unzip", () => {
  const zeros = new Uint8Array(8 * 1024 * 1024);
  const bomb = zipSync({ "word/document.xml": zeros, "[Content_Types].xml": new Uint8Array(10) });
  const small = { ...LIMITS, maxExpandedBytes: 1024 * 1024 };

  it("stops past maxExpandedBytes", async () => {
    expect(bomb.length).toBeLessThan(100_000);
    await expect(parseDocument({ kind: "docx", bytes: bomb, limits: small })).rejects.toMatchObject(
      { code: "too_large" },
    );
  });

  it("refuses an entry that inflates past its declared size", async () => {
    // The central directory and local header claim 100 bytes; the data inflates to 8 MiB.
    const lying = bomb.slice();
    const view = new DataView(lying.buffer);
    for (let i = 0; i + 4 <= lying.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50 && view.getUint32(i + 22, true) === zeros.length)
        view.setUint32(i + 22, 100, true);
      if (sig === 0x02014b50 && view.getUint32(i + 24, true) === zeros.length)
        view.setUint32(i + 24, 100, true);
    }
    await expect(
      parseDocument({ kind: "docx", bytes: lying, limits: LIMITS }),
    ).rejects.toMatchObject({ code: "too_large" });
  });
});

describe("the parse process's limits", () => {
  it("forwards progress and returns the document", async () => {
    const progress: string[] = [];
    const document = await parseInProcess({
      kind: "pdf",
      bytes: fixture("doc_1_3_pages.pdf"),
      limits: LIMITS,
      onProgress: (p) => progress.push(`${p.stage} ${p.page}/${p.pages}`),
    });
    expect(document.pages.map((p) => p.text)).toEqual([
      "Document 1:Page 1",
      "Document 1:Page 2",
      "Document 1:Page 3",
    ]);
    expect(progress).toEqual(["parsing 1/3", "parsing 2/3", "parsing 3/3"]);
  });

  it("a parse over its time is terminated as a timeout", async () => {
    await expect(
      parseInProcess({ kind: "pdf", bytes: fixture("pdkids.pdf"), limits: LIMITS, timeoutMs: 1 }),
    ).rejects.toMatchObject({ code: "timeout", message: "Reading this file took too long" });
  });

  it("a parse process that cannot start is our error, not the file's", async () => {
    const failure = await failureOf(
      parseInProcess({
        kind: "text",
        bytes: new Uint8Array([65]),
        limits: LIMITS,
        entryUrl: new URL("./no-such-child.mjs", import.meta.url),
      }),
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(ParseFailure);
  });
});
