import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectKind } from "../../src/integrations/document-text/detect.ts";
import { EMPTY_MESSAGE } from "../../src/integrations/document-text/limits.ts";
import {
  closeIdleParseProcesses,
  parseInProcess,
} from "../../src/integrations/document-text/parse-process.ts";
import type { DocumentKind } from "../../src/integrations/document-text/types.ts";
import { untilDone, upload } from "../files-kit.ts";
import { createHarness, type Harness } from "../harness.ts";
import { fixture, LIMITS } from "./fixtures.ts";

/**
 * What a person reads about a file that cannot be indexed: a page with no text is said to have
 * none (not "damaged"), and a password-protected Office file is named as such, by its own kind.
 */

const failureOf = (run: Promise<unknown>) =>
  run.then(
    () => null,
    (error: unknown) => error,
  );

const parse = (kind: DocumentKind, bytes: Uint8Array) =>
  failureOf(parseInProcess({ kind, bytes, limits: LIMITS, ocr: false, timeoutMs: 60_000 }));

/** A 29-byte HTML file whose only content is a script, and its like. */
const SCRIPT_ONLY = [
  "<script>alert(1)</script>\n\n\n\n",
  "<!DOCTYPE html><script>a</script>",
  "<style>p{}</style><script>x</script>",
];

/** The corpus's encrypted OOXML (a CFB container whose EncryptedPackage does not say its kind). */
const PROTECTED = fixture("testWORD_protected_passtika.docx");

let h: Harness;
let alice: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  alice = await h.signIn("alice-messages@acme.com");
});
afterAll(async () => {
  await closeIdleParseProcesses();
  await h.close();
});

async function uploadDone(name: string, bytes: Uint8Array, who = alice) {
  const res = await upload(h, who.cookie, name, bytes);
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const events = await untilDone(h, who.cookie, id);
  const file = await h.request(`/api/files/${id}`, { cookie: who.cookie });
  return {
    events,
    file: (await file.json()) as { kind: string; status: string; error: string | null },
  };
}

describe("a file with no text", () => {
  it("an HTML file holding only a script has no text to read, it is not damaged", async () => {
    expect(SCRIPT_ONLY[0]).toHaveLength(29);
    for (const page of SCRIPT_ONLY) {
      const bytes = new TextEncoder().encode(page);
      expect(detectKind(bytes, "page.html")).toBe("html");
      expect(await parse("html", bytes), page).toMatchObject({
        code: "empty",
        message: EMPTY_MESSAGE,
      });
    }
  });

  it("still reads a fragment without <html> that has text", async () => {
    const bytes = new TextEncoder().encode("<p>Tide tables</p><script>x()</script>");
    const parsed = await parseInProcess({
      kind: "html",
      bytes,
      limits: LIMITS,
      ocr: false,
      timeoutMs: 60_000,
    });
    expect(parsed.pages[0]?.text).toBe("Tide tables");
  });

  it("the person is told so on upload", async () => {
    const { file, events } = await uploadDone(
      "empty.html",
      new TextEncoder().encode(SCRIPT_ONLY[0] ?? ""),
    );
    expect(events.at(-1)?.data.message).toBe(EMPTY_MESSAGE);
    expect(file).toMatchObject({ status: "failed", error: EMPTY_MESSAGE });
  });
});

describe("a password-protected Office file", () => {
  it.each([
    ["budget.xlsx", "xlsx", "This spreadsheet is password-protected"],
    ["deck.pptx", "pptx", "This presentation is password-protected"],
    ["letter.docx", "docx", "This document is password-protected"],
  ] as const)("%s is a protected %s, named as such", async (name, kind, message) => {
    expect(detectKind(PROTECTED, name)).toBe(kind);
    expect(await parse(kind, PROTECTED)).toMatchObject({ code: "encrypted" });
    expect(String(await parse(kind, PROTECTED))).toContain(message);
    // The same bytes are one file per person (files.dedupe.ts): one person per name.
    const { file } = await uploadDone(name, PROTECTED, await h.signIn(`owner-${kind}@acme.com`));
    expect(file.kind).toBe(kind);
    expect(file.status).toBe("failed");
    expect(file.error).toMatch(new RegExp(`^${message}`));
  });
});
