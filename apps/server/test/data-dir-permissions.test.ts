/**
 * Issue 27 scope 7: as root the embedded PostgreSQL runs as the `postgres` user. A DATA_DIR made
 * by `mktemp -d` (0700, root's) used to fail initdb with "could not access directory … Permission
 * denied"; now it starts. A blocking directory above DATA_DIR is refused with the exact fix.
 * (This machine and CI run the tests as root, which is the case under test.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "@nexus/db";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe("embedded PostgreSQL in a DATA_DIR the postgres user cannot traverse", () => {
  it("is run as root here (the case this file covers)", () => {
    expect(process.getuid?.()).toBe(0);
  });

  it("starts with a DATA_DIR from mkdtemp (0700) and says what it changed", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-0700-"));
    made.push(dataDir);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const notices: string[] = [];
    const embedded = await startEmbeddedPostgres({
      dataDir,
      notice: (message) => notices.push(message),
    });
    try {
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      const { rows } = await client.query<{ one: number }>("select 1 as one");
      await client.end();
      expect(rows[0]?.one).toBe(1);
    } finally {
      await embedded.stop();
    }
    // Traverse only for others: no read or write was granted.
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o701);
    expect(notices.join("\n")).toContain(`DATA_DIR ${dataDir} was 0700: added o+x`);
  });

  it("refuses a DATA_DIR under a directory it cannot pass, naming the path and the chmod", async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-home-"));
    made.push(parent);
    const dataDir = path.join(parent, "data");
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const started = startEmbeddedPostgres({ dataDir });
    await expect(started).rejects.toThrow(`cannot pass through ${parent} (mode 0700)`);
    await expect(started).rejects.toThrow(`chmod o+x ${parent}`);
    // Nothing was changed on the operator's directory, and no cluster was begun.
    expect(fs.statSync(parent).mode & 0o777).toBe(0o700);
    expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(false);
  });
});
