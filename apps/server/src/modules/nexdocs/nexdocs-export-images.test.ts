import { EXPORT_WORDS, type NexdocsDocument, type NexdocsImage } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { strFromU8, unzipSync } from "fflate";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TINY_PNG } from "../../../test/authz-matrix-seeds.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { tinyGif } from "../exports/exports-test-kit.ts";
import { exportImages } from "./nexdocs.export-images.ts";
import { uploadImage } from "./nexdocs-image-kit.ts";

/**
 * NexDocs' exports of a document with images (issue 40): PNG, JPEG and GIF embedded in DOCX and
 * PDF, WebP kept as a link with a note, the notes in the person's language.
 */

let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signIn("nexdocs-share-owner@acme.com");
  other = await h.signIn("nexdocs-share-other@acme.com");
});
afterAll(async () => {
  await h.close();
});

// 2×2 JPEG (jpeg-js), 3×2 GIF (exports-test-kit) and 1×1 lossless WebP.
const TINY_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOkoA//Z",
  "base64",
);
const TINY_GIF = Buffer.from(tinyGif());
const TINY_WEBP = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

/** A document of the owner's with a PNG, a JPEG, a GIF and a WebP image ("Figure 1" … "4"). */
async function pictures() {
  const doc = (await (
    await h.request("/api/nexdocs", {
      method: "POST",
      cookie: owner.cookie,
      body: { title: "Pictures", markdown: "# Pictures" },
    })
  ).json()) as NexdocsDocument;
  const [png, jpeg, gif, webp] = await Promise.all(
    [TINY_PNG, TINY_JPEG, TINY_GIF, TINY_WEBP].map(
      async (bytes) =>
        (await (await uploadImage(h, owner.cookie, doc.id, bytes)).json()) as NexdocsImage,
    ),
  );
  if (!png || !jpeg || !gif || !webp) throw new Error("an upload failed");
  const nodes = [png, jpeg, gif, webp].map((image, i) => ({
    type: "image",
    attrs: { src: image.src, alt: `Figure ${i + 1}` },
  }));
  const saved = await h.request(`/api/nexdocs/${doc.id}`, {
    method: "PATCH",
    cookie: owner.cookie,
    body: {
      baseRevision: doc.revision,
      title: doc.title,
      content: { type: "doc", content: [...(doc.content.content ?? []), ...nodes] },
    },
  });
  expect(saved.status).toBe(200);
  return { doc, png, jpeg, gif, webp, nodes };
}

/** The text pdf.js reads from a PDF, all pages, spaces collapsed. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, verbosity: 0 }).promise;
  let text = "";
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text += `${content.items.map((item) => ("str" in item ? item.str : "")).join(" ")}\n`;
  }
  await pdf.destroy();
  return text.replace(/\s+/g, " ");
}

describe("NexDocs exports with images", { timeout: 60_000 }, () => {
  it("embeds the document's own PNG, JPEG and GIF in DOCX and PDF; WebP stays a link that says why", async () => {
    const { doc, png, jpeg, gif, webp, nodes } = await pictures();

    const get = async (format: string) =>
      Buffer.from(
        await (
          await h.request(`/api/nexdocs/${doc.id}/export?format=${format}`, owner)
        ).arrayBuffer(),
      );

    // DOCX: the PNG, JPEG and GIF are media files of the zip, with their own bytes; WebP a link.
    const zip = unzipSync(await get("docx"));
    const media = Object.keys(zip).filter((name) => /^word\/media\/.+\./.test(name));
    expect(media.map((name) => name.split(".").pop()).sort()).toEqual(["gif", "jpg", "png"]);
    const bodies = media.map((name) => Buffer.from(zip[name] as Uint8Array));
    for (const bytes of [TINY_PNG, TINY_JPEG, TINY_GIF])
      expect(bodies.some((b) => b.equals(bytes))).toBe(true);
    const xml = strFromU8(zip["word/document.xml"] as Uint8Array);
    expect(xml).toContain(`Figure 4 (${EXPORT_WORDS.en.imageNotes.webp})`);

    // PDF: the PNG and JPEG as image XObjects (the PNG's alpha as a soft mask), the GIF's first
    // frame as one of 3 × 2 pixels with its transparency as a soft mask; only the WebP a link.
    const pdfBytes = await get("pdf");
    const pdf = pdfBytes.toString("latin1");
    const images = pdf.split(/\bendobj\b/).filter((o) => o.includes("/Subtype /Image"));
    expect(images.length).toBeGreaterThanOrEqual(4);
    expect(pdf).toContain("/Filter /DCTDecode"); // the JPEG, as its own bytes
    const gifXObject = images.find(
      (o) => /\/Width 3\b/.test(o) && /\/Height 2\b/.test(o) && o.includes("/SMask"),
    );
    expect(gifXObject).toBeDefined();
    expect(pdf).toContain(`/URI (http://nexus.test${webp.src})`);
    expect(pdf).not.toContain(`/URI (http://nexus.test${gif.src})`);
    const text = await pdfText(new Uint8Array(pdfBytes));
    expect(text).toContain(`Figure 4 (${EXPORT_WORDS.en.imageNotes.webp})`);
    expect(text).not.toContain("Figure 3");

    // Past the cap the rest are links with a note; only the owner's rows are read.
    const address = (id: string) => `x/${id}`;
    const capped = await exportImages(h.deps, {
      userId: owner.userId,
      documentId: doc.id,
      content: { type: "doc", content: nodes },
      address,
      words: EXPORT_WORDS.en.imageNotes,
      cap: TINY_PNG.length + 10,
    });
    expect(Object.keys(capped.embed)).toEqual([address(png.id)]);
    const overCap = EXPORT_WORDS.en.imageNotes.overCap(20);
    expect(overCap).toBe("not embedded: the export's images exceed 20 MB");
    expect(capped.notes).toEqual({
      [address(jpeg.id)]: overCap,
      [address(gif.id)]: overCap,
      [address(webp.id)]: EXPORT_WORDS.en.imageNotes.webp,
    });
    const theirs = await exportImages(h.deps, {
      userId: other.userId,
      documentId: doc.id,
      content: { type: "doc", content: nodes },
      address,
      words: EXPORT_WORDS.en.imageNotes,
    });
    expect(theirs.embed).toEqual({});
    expect(theirs.notes).toEqual({});
  });

  it("writes the notes in the person's language: a French DOCX and PDF", async () => {
    const { doc } = await pictures();
    const french = EXPORT_WORDS.fr.imageNotes.webp;
    expect(french).not.toBe(EXPORT_WORDS.en.imageNotes.webp);
    const get = async (format: string) => {
      const res = await h.request(`/api/nexdocs/${doc.id}/export?format=${format}`, {
        cookie: owner.cookie,
        headers: { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" },
      });
      expect(res.status).toBe(200);
      return new Uint8Array(await res.arrayBuffer());
    };
    const xml = strFromU8(unzipSync(await get("docx"))["word/document.xml"] as Uint8Array);
    expect(xml).toContain(`Figure 4 (${french})`);
    expect(xml).not.toContain(EXPORT_WORDS.en.imageNotes.webp);
    const text = await pdfText(await get("pdf"));
    expect(text).toContain(`Figure 4 (${french})`);
    expect(text).not.toContain(EXPORT_WORDS.en.imageNotes.webp);
  });
});
