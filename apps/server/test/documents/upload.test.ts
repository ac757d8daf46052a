import fs from "node:fs";
import path from "node:path";
import { UNSUPPORTED_FILE_MESSAGE } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OCR_WARNING } from "../../src/integrations/document-text/ocr.ts";
import { PASSWORD_MESSAGE } from "../../src/integrations/document-text/pdf.ts";
import { type SseEvent, untilDone, upload } from "../files-kit.ts";
import { createHarness, type Harness } from "../harness.ts";
import { DOCUMENTS, EXPECTED, type Expectation, fixture } from "./fixtures.ts";

/**
 * Every file of the shared corpus uploaded through the server (POST /api/files → ingestion job
 * in a parse process → chunks): each ends ready with the text its MANIFEST names, or failed with
 * the right reason in words for the person; the password-protected PDFs are read with their
 * password (POST /api/files/:id/password); archives are refused at upload; and the server keeps
 * answering. The expectations are corpus.test.ts's (fixtures.ts), which parses the same files
 * without the server.
 */

/**
 * Not uploaded here, with why. The server OCRs a scanned page (parse.ts leaves OCR on), and this
 * page takes more than 10 s of OCR on the project's machine: ocr.test.ts reads it in the nightly run.
 * (testOCR.pdf is OCR'd here, through the server.)
 */
const NOT_UPLOADED: Record<string, string> = {
  "issue7200.pdf": "scanned page: OCR'd by ocr.test.ts in the nightly run",
};

/**
 * Where the server's outcome differs from the parser-level one (corpus.test.ts parses without OCR
 * unless the table asks for it; the server OCRs every page that has images and no text).
 */
const THROUGH_SERVER: Record<string, Expectation> = {
  // Page 1's only text is a button caption (a form widget, not page text); page 2 is an image
  // that OCR reads as a few stray marks. Its scripts never run either way.
  "evaljs.pdf": { kind: "pdf", pages: 2, contains: [], ocr: true },
};

interface FileBody {
  id: string;
  kind: string;
  status: string;
  error: string | null;
  needsPassword: boolean;
  pages: number | null;
  warnings: string[];
}

let h: Harness;
let user: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  user = await h.signIn("corpus-upload@acme.com");
  // 54 uploads: more than a free month's addFiles (30).
  await h.db.db.update(schema.users).set({ tier: "pro" }).where(eq(schema.users.id, user.userId));
});
afterAll(async () => {
  await h.close();
});

async function getFile(id: string): Promise<FileBody> {
  const res = await h.request(`/api/files/${id}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as FileBody;
}

/** The file's text as its chunks hold it, page by page (chunks cover each page in order). */
async function indexedText(fileId: string): Promise<{ text: string; pages: number[] }> {
  const chunks = await h.db.db
    .select()
    .from(schema.fileChunks)
    .where(eq(schema.fileChunks.fileId, fileId))
    .orderBy(asc(schema.fileChunks.ordinal));
  const pages = new Map<number, string>();
  for (const c of chunks) {
    // Between two chunks of a page there is only whitespace: put each back at its offset.
    const page = pages.get(c.page) ?? "";
    pages.set(c.page, page.padEnd(c.charStart, " ") + c.content);
    expect(c.charEnd - c.charStart).toBe(c.content.length);
  }
  return { text: [...pages.values()].join("\n"), pages: [...pages.keys()] };
}

async function check(name: string, expected: Expectation, file: FileBody, events: SseEvent[]) {
  const last = events.at(-1)?.data;
  const got = await getFile(file.id);
  const [row] = await h.db.db.select().from(schema.files).where(eq(schema.files.id, file.id));
  if ("fails" in expected) {
    expect(got.status, name).toBe("failed");
    expect(row?.errorCode, name).toBe(expected.fails);
    expect(got.error, name).toMatch(/^[A-Z][^\n]{10,}$/);
    expect(last, name).toMatchObject({ type: "failed", message: got.error });
    expect(got.needsPassword, name).toBe(expected.fails === "encrypted" && got.kind === "pdf");
    return;
  }
  if (expected.password !== undefined) {
    // Asked for its password first, then read with it.
    expect(got, name).toMatchObject({ status: "failed", error: PASSWORD_MESSAGE });
    expect(got.needsPassword, name).toBe(true);
    const res = await h.request(`/api/files/${file.id}/password`, {
      method: "POST",
      cookie: user.cookie,
      body: { password: expected.password },
    });
    expect(res.status, name).toBe(202);
    const retried = await untilDone(h, user.cookie, file.id);
    return check(name, { ...expected, password: undefined }, file, retried);
  }
  expect(last?.type, `${name}: ${last?.message}`).toBe("ready");
  expect(got.status, name).toBe("ready");
  if (expected.pages !== undefined) expect(got.pages, name).toBe(expected.pages);
  const { text } = await indexedText(file.id);
  for (const phrase of expected.contains) expect(text, name).toContain(phrase);
  if (expected.ocr) {
    expect(got.warnings, name).toContain(OCR_WARNING);
    expect(
      events.some((e) => e.data.type === "ocr"),
      name,
    ).toBe(true);
  } else expect(got.warnings, name).not.toContain(OCR_WARNING);
}

describe("every corpus file through the server", () => {
  it("leaves out only the files named, each with its reason", () => {
    const corpus = fs.readdirSync(DOCUMENTS).filter((f) => f !== "MANIFEST.md");
    expect(corpus.sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const name of [...Object.keys(NOT_UPLOADED), ...Object.keys(THROUGH_SERVER)])
      expect(corpus).toContain(name);
  });

  it("ends each file ready with its text or failed with its reason; the server stays up", {
    timeout: 240_000,
  }, async () => {
    const entries = Object.entries({ ...EXPECTED, ...THROUGH_SERVER }).filter(
      ([name]) => !(name in NOT_UPLOADED),
    );
    const uploaded: Array<{ name: string; expected: Expectation; file: FileBody }> = [];
    for (const [name, expected] of entries) {
      const res = await upload(h, user.cookie, name, fixture(name), "application/octet-stream");
      if (expected.kind === null) {
        // Archives (a zip quine, a zip-slip entry) are not documents: refused before anything runs.
        expect(res.status, name).toBe(415);
        const body = (await res.json()) as { error: { message: string } };
        expect(body.error.message, name).toBe(UNSUPPORTED_FILE_MESSAGE);
        continue;
      }
      expect(res.status, name).toBe(201);
      const file = (await res.json()) as FileBody;
      expect(file.kind, name).toBe(expected.kind);
      uploaded.push({ name, expected, file });
    }
    const ended = await Promise.all(uploaded.map((u) => untilDone(h, user.cookie, u.file.id)));
    for (const [i, u] of uploaded.entries())
      await check(u.name, u.expected, u.file, ended[i] ?? []);

    // Still answering, and nothing was stored but the uploaded files (the refused archives left
    // nothing; no path an archive names was created).
    expect((await h.request("/api/health")).status).toBe(200);
    const list = (await (await h.request("/api/files", { cookie: user.cookie })).json()) as {
      files: FileBody[];
    };
    expect(list.files).toHaveLength(uploaded.length);
    // Each uploaded file, and beside an office file the views its parse built (`<key>-view`).
    const stored = await h.deps.storage.list(`u/${user.userId}`);
    expect(new Set(stored.map((k) => k.replace(/-view$/, ""))).size).toBe(uploaded.length);
    const names = fs.readdirSync(h.dataDir, { recursive: true }).map(String);
    expect(names.filter((n) => /dangerous|touch\.pl|droste/.test(n))).toEqual([]);
    expect(fs.existsSync(path.resolve(h.dataDir, "../../../dangerous"))).toBe(false);
  });
});
