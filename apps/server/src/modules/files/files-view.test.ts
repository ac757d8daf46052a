import { FILE_NOT_VIEWABLE_MESSAGE } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_PNG } from "../../../../../e2e/fakes/openai-server.ts";
import { upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { type ImageType, imageTypeOf } from "../../lib/image-type.ts";
import { saveGeneratedImage } from "./files.service.ts";

/**
 * GET /api/files/:id/view: the owner's generated images shown inline with their type from the
 * magic bytes; never another person's file, never a file that is not a raster image.
 */
let h: Harness;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const WEBP = Buffer.concat([Buffer.from("RIFF\x1a\0\0\0WEBPVP8L"), Buffer.alloc(18, 1)]);
const JPEG = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0,
  0x10,
  ...Buffer.from("JFIF"),
  0,
  ...Buffer.alloc(40),
]);

async function saveImage(bytes: Buffer, prompt: string, type = imageTypeOf(bytes)) {
  if (!type) throw new Error("not an image");
  const saved = await saveGeneratedImage(h.deps, { id: alice.userId }, { bytes, type, prompt });
  return saved.fileId;
}

beforeAll(async () => {
  // Jobs on: an upload queues its reading.
  h = await createHarness({}, { jobs: true });
  alice = await h.signIn("alice-view@acme.com");
  bob = await h.signIn("bob-view@acme.com");
});
afterAll(async () => {
  await h.close();
});

describe("GET /api/files/:fileId/view", () => {
  it("shows the owner's image inline, typed by its bytes, sandboxed and privately cached", async () => {
    const id = await saveImage(FAKE_PNG, "a red fox «en route»");
    const res = await h.request(`/api/files/${id}/view`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(FAKE_PNG.length));
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="a red fox _en route_.png"; filename*=UTF-8''${encodeURIComponent("a red fox «en route».png")}`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(Buffer.from(await res.arrayBuffer()).equals(FAKE_PNG)).toBe(true);

    // The files list names its kind; the download route is unchanged (an attachment).
    const list = (await (await h.request("/api/files", { cookie: alice.cookie })).json()) as {
      files: Array<{ id: string; kind: string }>;
    };
    expect(list.files.find((f) => f.id === id)?.kind).toBe("png");
    const download = await h.request(`/api/files/${id}/download`, { cookie: alice.cookie });
    expect(download.headers.get("content-type")).toBe("application/octet-stream");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; /);
    await download.arrayBuffer();
  });

  it("gives JPEG, WebP and GIF their own types", async () => {
    for (const [bytes, type] of [
      [JPEG, "image/jpeg"],
      [WEBP, "image/webp"],
      [GIF, "image/gif"],
    ] as const) {
      const id = await saveImage(bytes, type);
      const res = await h.request(`/api/files/${id}/view`, { cookie: alice.cookie });
      expect(res.headers.get("content-type"), type).toBe(type);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes), type).toBe(true);
    }
  });

  it("answers another person, and a missing or malformed id, with the same 404; nobody signed in with 401", async () => {
    const id = await saveImage(FAKE_PNG, "private fox");
    const other = await h.request(`/api/files/${id}/view`, { cookie: bob.cookie });
    expect(other.status).toBe(404);
    const otherBody = await other.json();
    const missing = await h.request("/api/files/00000000-0000-4000-8000-000000000000/view", {
      cookie: bob.cookie,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(otherBody);
    expect((await h.request("/api/files/not-an-id/view", { cookie: bob.cookie })).status).toBe(404);
    const anonymous = await h.request(`/api/files/${id}/view`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toContain("application/json");
  });

  it("refuses the owner's text, HTML and SVG files (415): never rendered inline", async () => {
    for (const [name, content] of [
      ["notes.txt", "Plain words."],
      ["page.html", "<!doctype html><html><body><script>alert(1)</script></body></html>"],
    ] as const) {
      const res = await upload(h, alice.cookie, name, content);
      expect(res.status, name).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const view = await h.request(`/api/files/${id}/view`, { cookie: alice.cookie });
      expect(view.status, name).toBe(415);
      expect(view.headers.get("content-type"), name).toContain("application/json");
      expect(await view.json(), name).toEqual({
        error: { code: "unsupported_media_type", message: FILE_NOT_VIEWABLE_MESSAGE },
      });
    }
    // A row that says PNG but holds SVG: the bytes decide, and SVG is not an image here.
    const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>");
    const png: ImageType = { kind: "png", mediaType: "image/png", extension: "png" };
    const id = await saveImage(svg, "not really a png", png);
    const view = await h.request(`/api/files/${id}/view`, { cookie: alice.cookie });
    expect(view.status).toBe(415);
    expect(await view.text()).not.toContain("<svg");
  });
});
