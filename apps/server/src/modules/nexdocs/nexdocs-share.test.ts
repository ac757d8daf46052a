import {
  type MyShare,
  type MyShareList,
  NEXDOCS_IMAGE_LIMITS,
  NEXDOCS_IMAGE_TOO_LARGE_MESSAGE,
  NEXDOCS_IMAGE_TYPE_MESSAGE,
  type NexdocsDocument,
  type NexdocsImage,
  type PublicShare,
} from "@nexus/contracts";
import { schema } from "@nexus/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TINY_PNG } from "../../../test/authz-matrix-seeds.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { saveEntry } from "../shares/shares-test-kit.ts";
import { uploadImage } from "./nexdocs-image-kit.ts";

/**
 * NexDocs' "Open in NexDocs", read-only links and images (issue 40): a thread or one answer of
 * the caller's becomes a document with citation chips and a Sources list; a document's link is
 * read signed out, lists in Settings, and after revoking is the same 404 as an unknown link;
 * images are raster only, bounded, the owner's, and on a share only while its link is live.
 * Every route for the owner, another person and an anonymous caller.
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

async function documents(userId: string): Promise<number> {
  const rows = await h.db.db.select().from(schema.nexdocsDocuments);
  return rows.filter((r) => r.userId === userId).length;
}

describe("Open in NexDocs", { timeout: 60_000 }, () => {
  it("makes the owner's thread a document with citation chips and a Sources list; others get 404/401", async () => {
    await saveEntry(h, {
      id: "nd-thread-1",
      threadId: "nd-thread",
      userId: owner.userId,
      query: "Where is the harbour?",
      markdown: "The harbour is north [1] and deep [2].",
    });
    await saveEntry(h, {
      id: "nd-thread-2",
      threadId: "nd-thread",
      userId: owner.userId,
      query: "How deep?",
      markdown: "Twelve metres [1].",
      at: "2026-03-01T10:05:00Z",
    });
    const made = await h.request("/api/nexdocs/from-thread", {
      method: "POST",
      cookie: owner.cookie,
      body: { threadId: "nd-thread" },
    });
    expect(made.status).toBe(201);
    const doc = (await made.json()) as NexdocsDocument;
    const json = JSON.stringify(doc.content);
    expect(json).toContain('"type":"citation"');
    expect(json).toContain('"title":"Source 2"');
    expect(json).toContain('"url":"https://example.com/1"');
    // Each turn a section, and the sources listed at the end.
    expect(json).toContain("How deep?");
    const md = await (await h.request(`/api/nexdocs/${doc.id}/export?format=md`, owner)).text();
    expect(md).toMatch(/## Sources[\s\S]*\[Source 1\]\(https:\/\/example\.com\/1\)/);

    // One answer of it: that reply alone, titled by its question.
    const one = await h.request("/api/nexdocs/from-thread", {
      method: "POST",
      cookie: owner.cookie,
      body: { threadId: "nd-thread", messageId: "nd-thread-2" },
    });
    const answer = (await one.json()) as NexdocsDocument;
    expect(answer.title).toBe("How deep?");
    expect(JSON.stringify(answer.content)).not.toContain("north");

    const before = await documents(other.userId);
    for (const body of [{ threadId: "nd-thread" }, { threadId: "missing-thread" }]) {
      const res = await h.request("/api/nexdocs/from-thread", {
        method: "POST",
        cookie: other.cookie,
        body,
      });
      expect(res.status).toBe(404);
    }
    expect(await documents(other.userId)).toBe(before);
    const anonymous = await h.request("/api/nexdocs/from-thread", {
      method: "POST",
      anonId: "anon_1795000000000_aaaaaaaa",
      body: { threadId: "nd-thread" },
    });
    expect(anonymous.status).toBe(401);
    const bad = await h.request("/api/nexdocs/from-thread", {
      method: "POST",
      cookie: owner.cookie,
      body: { thread: "nd-thread" },
    });
    expect(bad.status).toBe(400);
    const wrong = await h.request("/api/nexdocs/from-thread", {
      method: "POST",
      cookie: owner.cookie,
      body: { threadId: "nd-thread", messageId: "not-in-it" },
    });
    expect(wrong.status).toBe(404);
  });
});

describe("NexDocs share links and images", { timeout: 60_000 }, () => {
  it("shares a document read-only with its images, lists it, and revokes it", async () => {
    const created = await h.request("/api/nexdocs", {
      method: "POST",
      cookie: owner.cookie,
      body: {
        title: "Tide tables",
        markdown:
          "# Tides\n\nHigh at noon [cite](nexdocs:cite?title=Almanac&url=https%3A%2F%2Falmanac.example%2Ft).",
      },
    });
    const doc = (await created.json()) as NexdocsDocument;

    // Images: raster types by their bytes, the owner's, bounded, with clear refusals.
    const up = await uploadImage(h, owner.cookie, doc.id, TINY_PNG);
    expect(up.status).toBe(201);
    const image = (await up.json()) as NexdocsImage;
    expect(image.src).toBe(`/api/nexdocs/${doc.id}/images/${image.id}`);
    const own = await h.request(image.src, owner);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await own.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await h.request(image.src, other)).status).toBe(404);
    expect((await h.request(image.src)).status).toBe(401);
    expect((await uploadImage(h, other.cookie, doc.id, TINY_PNG)).status).toBe(404);
    expect((await uploadImage(h, undefined, doc.id, TINY_PNG)).status).toBe(401);
    const svg = await uploadImage(
      h,
      owner.cookie,
      doc.id,
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { error: { message: string } }).error.message).toBe(
      NEXDOCS_IMAGE_TYPE_MESSAGE,
    );
    const huge = new Uint8Array(NEXDOCS_IMAGE_LIMITS.bytes + 1);
    huge.set(TINY_PNG);
    const big = await uploadImage(h, owner.cookie, doc.id, huge);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toBe(
      NEXDOCS_IMAGE_TOO_LARGE_MESSAGE,
    );
    expect((await h.db.db.select().from(schema.nexdocsImages)).length).toBe(1);

    // The image placed in the document (a foreign address is never kept).
    const content = {
      type: "doc",
      content: [
        ...(doc.content.content ?? []),
        { type: "image", attrs: { src: image.src, alt: "Chart" } },
        { type: "image", attrs: { src: "https://evil.example/pixel.png", alt: "" } },
      ],
    };
    const saved = await h.request(`/api/nexdocs/${doc.id}`, {
      method: "PATCH",
      cookie: owner.cookie,
      body: { baseRevision: doc.revision, title: doc.title, content },
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(((await saved.json()) as NexdocsDocument).content)).not.toContain(
      "evil.example",
    );
    const exported = await (
      await h.request(`/api/nexdocs/${doc.id}/export?format=md`, owner)
    ).text();
    expect(exported).toContain(`(http://nexus.test${image.src})`);

    // Only the owner makes a link; another person's and a missing document are refused alike.
    for (const [cookie, status] of [
      [other.cookie, 403],
      [undefined, 401],
    ] as const) {
      const res = await h.request("/api/shares", {
        method: "POST",
        cookie,
        body: { documentId: doc.id },
      });
      expect(res.status).toBe(status);
    }
    expect((await h.db.db.select().from(schema.nexdocsShares)).length).toBe(0);
    const made = await h.request("/api/shares", {
      method: "POST",
      cookie: owner.cookie,
      body: { documentId: doc.id },
    });
    expect(made.status).toBe(201);
    const link = (await made.json()) as MyShare;
    expect(link.shareId).toMatch(/^d[A-Za-z0-9]{22}$/);
    expect(link).toMatchObject({ kind: "nexdoc", title: "Tide tables", chatLabel: "NexDocs" });
    const again = await h.request("/api/shares", {
      method: "POST",
      cookie: owner.cookie,
      body: { documentId: doc.id },
    });
    expect(((await again.json()) as MyShare).shareId).toBe(link.shareId);
    const mine = (await (await h.request("/api/shares", owner)).json()) as MyShareList;
    expect(mine.shares.map((s) => s.shareId)).toContain(link.shareId);
    const theirs = (await (await h.request("/api/shares", other)).json()) as MyShareList;
    expect(theirs.shares).toEqual([]);

    // Anyone with the link reads it, signed out: the text, the citation as a link, the image.
    const read = await h.request(`/api/shares/${link.shareId}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("x-robots-tag")).toContain("noindex");
    const shared = (await read.json()) as PublicShare;
    if (shared.kind !== "nexdoc") throw new Error("not a document share");
    expect(shared.document.title).toBe("Tide tables");
    expect(shared.document.markdown).toContain("[\\[1\\]](https://almanac.example/t)");
    const sharedSrc = `/api/shares/${link.shareId}/images/${image.id}`;
    expect(shared.document.markdown).toContain(`(${sharedSrc})`);
    expect(shared.document.markdown).not.toContain("/api/nexdocs/");
    const publicImage = await h.request(sharedSrc);
    expect(publicImage.status).toBe(200);
    expect(publicImage.headers.get("cache-control")).toBe("no-store");
    // A malformed link id (a NUL byte) is the same 404, never a database error.
    expect((await h.request(`/api/shares/d${"%00".repeat(22)}/images/${image.id}`)).status).toBe(
      404,
    );
    // Another document's image is not this link's.
    const otherDoc = (await (
      await h.request("/api/nexdocs", { method: "POST", cookie: owner.cookie, body: {} })
    ).json()) as NexdocsDocument;
    const otherImage = (await (
      await uploadImage(h, owner.cookie, otherDoc.id, TINY_PNG)
    ).json()) as NexdocsImage;
    expect((await h.request(`/api/shares/${link.shareId}/images/${otherImage.id}`)).status).toBe(
      404,
    );

    // Revoking: another person cannot; the owner can; then it is the unknown link's 404.
    expect(
      (await h.request(`/api/shares/${link.shareId}`, { method: "DELETE", cookie: other.cookie }))
        .status,
    ).toBe(404);
    expect((await h.request(`/api/shares/${link.shareId}`, { method: "DELETE" })).status).toBe(401);
    expect(
      (await h.request(`/api/shares/${link.shareId}`, { method: "DELETE", cookie: owner.cookie }))
        .status,
    ).toBe(204);
    const gone = await h.request(`/api/shares/${link.shareId}`);
    const unknown = await h.request(`/api/shares/d${"Q".repeat(22)}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe(await unknown.text());
    expect((await h.request(sharedSrc)).status).toBe(404);

    // A new link dies with its document.
    const relink = (await (
      await h.request("/api/shares", {
        method: "POST",
        cookie: owner.cookie,
        body: { documentId: doc.id },
      })
    ).json()) as MyShare;
    expect(relink.shareId).not.toBe(link.shareId);
    await h.request(`/api/nexdocs/${doc.id}`, { method: "DELETE", cookie: owner.cookie });
    expect((await h.request(`/api/shares/${relink.shareId}`)).status).toBe(404);
  });
});
