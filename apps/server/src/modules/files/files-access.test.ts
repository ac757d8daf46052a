import { listTables, schema } from "@nexus/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { type S3StandIn, startS3StandIn } from "../../../test/s3-stand-in.ts";

const REPORT = [
  "Quarterly harbour report.",
  "The northern breakwater was repaired in March after the winter storms.",
  "Dredging of the inner basin is planned for the autumn, when traffic is lowest.",
  "Our pilots logged 412 arrivals, most of them fishing vessels from the western grounds.",
].join(" ");

/** The same tests with files on local disk and in S3-compatible storage (s3rver on 127.0.0.1). */
describe.each(["disk", "s3"] as const)("files in %s storage", (mode) => {
  let h: Harness;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };
  let fileId: string;
  let runId: string;

  let s3: S3StandIn | null = null;
  beforeAll(async () => {
    if (mode === "s3") s3 = await startS3StandIn();
    h = await createHarness(s3 ? { STORAGE_URL: s3.storageUrl } : {}, { jobs: true });
    alice = await h.signIn("alice-access@acme.com");
    bob = await h.signIn("bob-access@acme.com");
    const res = await upload(h, alice.cookie, "harbour report.txt", REPORT);
    const file = (await res.json()) as { id: string };
    fileId = file.id;
    await untilDone(h, alice.cookie, fileId);
    const [row] = await h.db.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    runId = row?.runId ?? "";
  });
  afterAll(async () => {
    await h.close();
    await s3?.close();
  });

  describe("files of one person only (G2)", () => {
    it("lists, reads and searches the owner's files; another person sees none of them", async () => {
      const own = await h.request("/api/files", { cookie: alice.cookie });
      const list = (await own.json()) as {
        files: Array<{ id: string; name: string }>;
        storageUsed: number;
        addFiles: { current: number; limit: number };
      };
      expect(list.files.map((f) => f.name)).toEqual(["harbour report.txt"]);
      expect(list.storageUsed).toBe(new TextEncoder().encode(REPORT).length);
      expect(list.addFiles).toEqual({ current: 1, limit: 30 });
      const theirs = (await (await h.request("/api/files", { cookie: bob.cookie })).json()) as {
        files: unknown[];
      };
      expect(theirs.files).toEqual([]);
      const byContent = (await (
        await h.request("/api/files?q=breakwater%20repaired", { cookie: alice.cookie })
      ).json()) as {
        files: Array<{ id: string; match: { page: number; snippet: string } | null }>;
      };
      expect(byContent.files.map((f) => f.id)).toEqual([fileId]);
      expect(byContent.files[0]?.match?.snippet).toContain("breakwater");
      const byName = (await (
        await h.request("/api/files?q=harbour%20rep", { cookie: alice.cookie })
      ).json()) as {
        files: unknown[];
      };
      expect(byName.files).toHaveLength(1);
      const bobSearch = (await (
        await h.request("/api/files?q=breakwater", { cookie: bob.cookie })
      ).json()) as { files: unknown[] };
      expect(bobSearch.files).toEqual([]);
    });

    it("gives another person the same 404 as a missing id on every file route", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      for (const id of [fileId, missing, "not-a-uuid"]) {
        const routes: Array<[string, string, unknown?]> = [
          ["GET", `/api/files/${id}`],
          ["GET", `/api/files/${id}/download`],
          ["GET", `/api/files/${id}/events`],
          ["PATCH", `/api/files/${id}`, { name: "mine now.txt" }],
          ["DELETE", `/api/files/${id}`],
        ];
        for (const [method, path, body] of routes) {
          const res = await h.request(path, { method, cookie: bob.cookie, body });
          expect(res.status, `${method} ${path}`).toBe(404);
          expect(await res.json()).toEqual({
            error: { code: "not_found", message: "No such file." },
          });
        }
      }
      const still = await h.request(`/api/files/${fileId}`, { cookie: alice.cookie });
      expect(((await still.json()) as { name: string }).name).toBe("harbour report.txt");
    });

    it("asks anonymous callers to sign in on every file route", async () => {
      for (const [method, path] of [
        ["GET", "/api/files"],
        ["GET", `/api/files/${fileId}`],
        ["GET", `/api/files/${fileId}/download`],
        ["GET", `/api/files/${fileId}/events`],
        ["DELETE", `/api/files/${fileId}`],
      ] as const) {
        const res = await h.request(path, { method, anonId: "anon_1795000000000_aaaaaaaa" });
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    });

    it("local search finds the owner's passage with its page, and never for another person", async () => {
      const found = await h.deps.search.search({
        query: "When is dredging planned?",
        userId: alice.userId,
      });
      const first = found.results[0];
      expect(first?.source).toBe("file");
      expect(first?.title).toBe("harbour report.txt, p. 1");
      expect(first?.url).toMatch(new RegExp(`^/app/document-chat/${fileId}\\?chunk=\\d+&page=1$`));
      expect(first?.content).toContain("Dredging of the inner basin");
      const bobs = await h.deps.search.search({
        query: "When is dredging planned?",
        userId: bob.userId,
      });
      expect(bobs.results.filter((r) => r.source === "file")).toEqual([]);
    });

    it("answers in the Local focus citing the file (offline engine)", async () => {
      const res = await h.request("/api/answer", {
        method: "POST",
        cookie: alice.cookie,
        body: { text: "How many arrivals did the pilots log?", focusMode: "local" },
      });
      const stream = await res.text();
      expect(stream).toContain("harbour report.txt, p. 1");
      expect(stream).toContain("412 arrivals");
      const other = await h.request("/api/answer", {
        method: "POST",
        cookie: bob.cookie,
        body: { text: "How many arrivals did the pilots log?", focusMode: "local" },
      });
      expect(await other.text()).not.toContain("harbour report.txt");
    });
  });

  describe("events, download, rename, delete", () => {
    it("replays the run's events after Last-Event-ID", async () => {
      const all = await untilDone(h, alice.cookie, fileId);
      expect(all.map((e) => e.data.type)).toEqual(["uploaded", "parsing", "indexing", "ready"]);
      const after = await untilDone(h, alice.cookie, fileId, "2");
      expect(after.map((e) => [e.id, e.data.type])).toEqual([
        ["3", "indexing"],
        ["4", "ready"],
      ]);
    });

    it("serves the file as an attachment that is never sniffed or run", async () => {
      const res = await h.request(`/api/files/${fileId}/download`, { cookie: alice.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="harbour report.txt"; filename*=UTF-8''harbour%20report.txt`,
      );
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
      expect(await res.text()).toBe(REPORT);
    });

    it("renames a file and refuses a name with a path or nothing in it", async () => {
      const bad = await h.request(`/api/files/${fileId}`, {
        method: "PATCH",
        cookie: alice.cookie,
        body: { name: "../x" },
      });
      expect(bad.status).toBe(400);
      const blank = await h.request(`/api/files/${fileId}`, {
        method: "PATCH",
        cookie: alice.cookie,
        body: { name: "   " },
      });
      expect(blank.status).toBe(400);
      const res = await h.request(`/api/files/${fileId}`, {
        method: "PATCH",
        cookie: alice.cookie,
        body: { name: "Harbour Q3.txt" },
      });
      expect(((await res.json()) as { name: string }).name).toBe("Harbour Q3.txt");
      const found = await h.deps.search.search({ query: "dredging", userId: alice.userId });
      expect(found.results[0]?.title).toBe("Harbour Q3.txt, p. 1");
    });

    it("deletes the file: its stored object, chunks and run events go; search no longer finds it", async () => {
      const res = await h.request(`/api/files/${fileId}`, {
        method: "DELETE",
        cookie: alice.cookie,
      });
      expect(res.status).toBe(204);
      expect(await h.deps.storage.list(`u/${alice.userId}`)).toEqual([]);
      const chunks = await h.db.db
        .select()
        .from(schema.fileChunks)
        .where(eq(schema.fileChunks.fileId, fileId));
      expect(chunks).toEqual([]);
      const events = await h.db.db
        .select()
        .from(schema.runEvents)
        .where(eq(schema.runEvents.runId, runId));
      expect(events).toEqual([]);
      const found = await h.deps.search.search({ query: "dredging", userId: alice.userId });
      expect(found.results.filter((r) => r.source === "file")).toEqual([]);
      expect((await h.request(`/api/files/${fileId}`, { cookie: alice.cookie })).status).toBe(404);
    });
  });

  describe("account deletion (G12)", () => {
    it("removes every file, chunk, run and stored object of the person", async () => {
      const carol = await h.signIn("carol-access@acme.com");
      for (const name of ["a.txt", "b.md"]) {
        const res = await upload(
          h,
          carol.cookie,
          name,
          `Carol's notes about ${name}. They are private.`,
        );
        const events = await untilDone(h, carol.cookie, ((await res.json()) as { id: string }).id);
        expect(events.at(-1)?.data.type).toBe("ready");
      }
      // Two files, and the Markdown file's rendered view beside it.
      expect(await h.deps.storage.list(`u/${carol.userId}`)).toHaveLength(3);
      const res = await h.request(`/api/users/${carol.userId}`, {
        method: "DELETE",
        cookie: carol.cookie,
      });
      expect(res.status).toBe(204);
      expect(await h.deps.storage.list(`u/${carol.userId}`)).toEqual([]);
      for (const table of await listTables(h.db.db)) {
        const hits = await h.db.db.execute<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table)} t where strpos(row_to_json(t)::text, ${carol.userId}) > 0`,
        );
        expect(hits.rows[0]?.n, `table ${table}`).toBe(0);
      }
    });
  });
});
