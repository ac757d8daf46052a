import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import vm from "node:vm";
import { serve } from "@hono/node-server";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { collectYoungGarbage } from "../../lib/young-garbage.ts";

/**
 * Uploads over a real socket (@hono/node-server): the route reads the Node request itself there,
 * not the web stream that app.request() gives the other tests.
 */

let h: Harness;
let server: ReturnType<typeof serve>;
let origin: string;
let alice: { cookie: string; userId: string };

beforeAll(async () => {
  // No ingestion workers: these tests are about the upload.
  h = await createHarness({ FILE_MAX_MB: "6" }, { jobs: { workers: false } });
  alice = await h.signIn("alice-upload-http@acme.com");
  server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" });
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await h.close();
});

const BOUNDARY = "----nexus-upload-http";
const encoder = new TextEncoder();
const HEAD = encoder.encode(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="log.txt"\r\nContent-Type: application/pdf\r\n\r\n`,
);
const TAIL = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);

/** `size` bytes of text in lines that differ (a shifted or lost chunk shows in the hash). */
function text(size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (let line = 0; at < size; line++) {
    const bytes = encoder.encode(`Line ${line}: the tide turned at the harbour wall.\n`);
    out.set(bytes.subarray(0, size - at), at);
    at += bytes.length;
  }
  return out;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A multipart body sent 64 KB at a time. */
function body(content: Uint8Array) {
  let sent = -1;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent < 0) {
        controller.enqueue(HEAD);
        sent = 0;
      } else if (sent < content.length) {
        const end = Math.min(content.length, sent + 64 * 1024);
        controller.enqueue(content.slice(sent, end));
        sent = end;
      } else {
        controller.enqueue(TAIL);
        controller.close();
      }
    },
  });
}

function post(stream: ReadableStream<Uint8Array>): Promise<Response> {
  // biome-ignore lint/style/noRestrictedGlobals: the test's browser, talking to our own app on loopback
  return fetch(`${origin}/api/files`, {
    method: "POST",
    headers: { cookie: alice.cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: stream,
    duplex: "half",
  } as RequestInit);
}

async function addFilesCount(): Promise<number> {
  const rows = await h.db.db
    .select({ n: schema.usageCounters.addFiles })
    .from(schema.usageCounters)
    .where(eq(schema.usageCounters.subjectId, alice.userId));
  return rows[0]?.n ?? 0;
}

/** Every file under Alice's storage folder on disk, unfinished (.partial) ones included. */
function aliceFilesOnDisk(): string[] {
  const dir = path.join(h.deps.env.DATA_DIR, "files", "u", alice.userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : [];
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("upload over a real socket", () => {
  it("stores a 5 MB body byte for byte, typed by its bytes (not its declared type), charged once", async () => {
    const before = await addFilesCount();
    const content = text(5 * 1024 * 1024);
    const res = await post(body(content));
    expect(res.status).toBe(201);
    const file = (await res.json()) as { id: string; kind: string; size: number };
    expect(file).toMatchObject({ kind: "text", size: content.length });
    expect(await addFilesCount()).toBe(before + 1);
    const download = await h.request(`/api/files/${file.id}/download`, { cookie: alice.cookie });
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(content));
  });

  it("writes to storage while the body is still arriving; a hang-up leaves no object, row or charge", async () => {
    const before = await addFilesCount();
    const rows = (await h.db.db.select().from(schema.files)).length;
    const onDisk = aliceFilesOnDisk().length;
    // A client that sends the part's head and 1 MB of its 3 MB, then goes away.
    const request = http.request(`${origin}/api/files`, {
      method: "POST",
      headers: {
        cookie: alice.cookie,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
    });
    const failed = once(request, "error").catch(() => undefined);
    request.write(HEAD);
    request.write(text(1024 * 1024));
    await until(
      () => aliceFilesOnDisk().some((f) => f.endsWith(".partial") && fs.statSync(f).size > 0),
      "the upload is being written",
    );
    request.destroy();
    await failed;
    await until(() => aliceFilesOnDisk().length === onDisk, "the unfinished file is removed");
    expect((await h.db.db.select().from(schema.files)).length).toBe(rows);
    expect(await addFilesCount()).toBe(before);
    // The server keeps answering.
    expect((await h.request("/api/health")).status).toBe(200);
  });

  it("answers 413 past FILE_MAX_MB with no Content-Length, keeping nothing and charging nothing", async () => {
    const before = await addFilesCount();
    const onDisk = aliceFilesOnDisk().length;
    const res = await post(body(text(7 * 1024 * 1024)));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "Files can be at most 6 MB.",
    );
    expect(aliceFilesOnDisk().length).toBe(onDisk);
    expect(await addFilesCount()).toBe(before);
  });
});

describe("collectYoungGarbage", () => {
  it("frees young array buffers nothing refers to, without giving other contexts a gc function", async () => {
    const inUse = () => process.memoryUsage().arrayBuffers;
    // Measured while the buffers are alive, not against a figure taken before them: allocating
    // them may itself set off a collection that frees other tests' garbage (the suite shares this
    // process), which made "after − before" negative once.
    const allocate = () => {
      const buffers = Array.from({ length: 20 }, (_, i) => new Uint8Array(1024 * 1024).fill(i));
      const held = inUse();
      expect(buffers.length).toBe(20);
      return held;
    };
    const held = allocate();
    expect(held).toBeGreaterThanOrEqual(20 * 1024 * 1024);
    collectYoungGarbage();
    // The buffers' memory is returned by V8's sweeper thread just after the collection.
    await until(() => held - inUse() >= 10 * 1024 * 1024, "the buffers are freed");
    expect(vm.runInNewContext("typeof gc")).toBe("undefined");
  });
});
