import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../../test/s3-stand-in.ts";
import { createStorage, parseStorageUrl, type Storage } from "./storage.ts";

let s3: S3StandIn;
let dir: string;
const stores: Record<"disk" | "s3", () => Storage> = {
  disk: () => createStorage({ dataDir: dir }),
  s3: () => createStorage({ storageUrl: s3.storageUrl, dataDir: dir }),
};

beforeAll(async () => {
  s3 = await startS3StandIn();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-storage-"));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function text(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts).toString("utf8");
}

describe.each(["disk", "s3"] as const)("%s storage", (mode) => {
  it("writes a stream, reads it back, lists by prefix and deletes", async () => {
    const storage = stores[mode]();
    const size = await storage.put(
      "u/one/a1",
      Readable.from([Buffer.from("hello "), Buffer.from("world")]),
    );
    expect(size).toBe(11);
    await storage.put("u/one/a2", Readable.from([Buffer.from("second")]));
    await storage.put("u/two/b1", Readable.from([Buffer.from("other person")]));
    expect(await text(await storage.get("u/one/a1"))).toBe("hello world");
    expect(new TextDecoder().decode(await storage.getBytes("u/one/a2"))).toBe("second");
    expect((await storage.list("u/one")).sort()).toEqual(["u/one/a1", "u/one/a2"]);
    await storage.delete(["u/one/a1", "u/one/a2"]);
    expect(await storage.list("u/one")).toEqual([]);
    expect(await storage.list("u/two")).toEqual(["u/two/b1"]);
    await expect(storage.getBytes("u/one/a1")).rejects.toThrow();
  });

  it("stores a stream of strings as their UTF-8 bytes", async () => {
    const storage = stores[mode]();
    const size = await storage.put("u/strings/s1", Readable.from(['{"name":"Zoë"}', " ✓"]));
    expect(size).toBe(Buffer.byteLength('{"name":"Zoë"} ✓'));
    expect(new TextDecoder().decode(await storage.getBytes("u/strings/s1"))).toBe(
      '{"name":"Zoë"} ✓',
    );
    await storage.delete(["u/strings/s1"]);
  });

  it("streams a file larger than one S3 part (multipart) intact", async () => {
    const storage = stores[mode]();
    const part = Buffer.alloc(1024 * 1024, 0x62);
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.concat([part, Buffer.from([i])]));
    const size = await storage.put("u/big/file", Readable.from(chunks));
    expect(size).toBe(12 * (1024 * 1024 + 1));
    const back = await storage.getBytes("u/big/file");
    expect(back.length).toBe(size);
    expect(back[1024 * 1024]).toBe(0);
    expect(back[size - 1]).toBe(11);
    await storage.delete(["u/big/file"]);
  });

  it("leaves nothing behind when the incoming stream fails", async () => {
    const storage = stores[mode]();
    async function* failing() {
      yield Buffer.alloc(6 * 1024 * 1024, 0x63);
      throw new Error("client went away");
    }
    await expect(storage.put("u/broken/file", Readable.from(failing()))).rejects.toThrow(
      "client went away",
    );
    expect(await storage.list("u/broken")).toEqual([]);
  });

  it("refuses keys that could leave its root", async () => {
    const storage = stores[mode]();
    for (const key of ["../x", "u/../../etc/passwd", "/abs", "u//x"])
      await expect(storage.put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow(
        /invalid storage key/,
      );
  });
});

describe("disk storage file modes", () => {
  it("writes stored files 0600 in folders 0700 (the files root included), whatever the umask", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-modes-"));
    const umask = process.umask(0o022);
    try {
      const storage = createStorage({ dataDir: root });
      await storage.put("u/person/f1", Readable.from([Buffer.from("private")]));
      await storage.put("u/person/f2", Readable.from([Buffer.from("also private")]));
      const mode = (p: string) => fs.statSync(path.join(root, p)).mode & 0o777;
      for (const file of ["files/u/person/f1", "files/u/person/f2"])
        expect(mode(file), file).toBe(0o600);
      for (const dir of ["files", "files/u", "files/u/person"]) expect(mode(dir), dir).toBe(0o700);
    } finally {
      process.umask(umask);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("STORAGE_URL", () => {
  it("reads bucket, endpoint, region and credentials", () => {
    expect(
      parseStorageUrl("s3://K%2F:S@files?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=eu-west-1"),
    ).toEqual({
      bucket: "files",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "K/", secretAccessKey: "S" },
    });
  });
});
