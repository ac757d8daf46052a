import { schema } from "@nexus/db";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { rowsMentioning } from "../../../test/support/rows-mentioning.ts";
import type { AccountIndex } from "./account-export.ts";

/**
 * GET /api/account/export.zip (issue 42 scope 7): everything the server keeps of a person, the
 * counterpart of account deletion. The G12 scan (every table of every schema, from
 * information_schema) finds the rows that mention the person; each such table is in the archive
 * with at least as many rows, or named as derived with its count. Their files come back byte for
 * byte; another person's data is never in it; sign-in only.
 */

let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
const OWNER_EMAIL = "export-owner@acme.com";
const NOTE = "Harbour minutes: the breakwater was repaired in March.";

const answer = (markdown: string) => ({
  markdown,
  sources: [],
  images: [],
  videos: [],
  thinking: "",
});

beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  owner = await h.signIn(OWNER_EMAIL);
  other = await h.signIn("export-other@acme.com");
  const db = h.db.db;
  // A file through the real upload and ingestion (files, file_chunks, runs, run_events).
  const res = await upload(h, owner.cookie, "minutes.txt", NOTE);
  const file = (await res.json()) as { id: string };
  await untilDone(h, owner.cookie, file.id);
  // Everything else a person makes, a row or two each.
  await db.insert(schema.searchHistory).values([
    {
      id: "ax-e1",
      userId: owner.userId,
      threadId: "ax-t1",
      query: "When?",
      results: answer("In March."),
    },
    {
      id: "ax-o1",
      userId: other.userId,
      threadId: "ax-o",
      query: "Theirs",
      results: answer("Not yours."),
    },
  ]);
  await db.insert(schema.threadPins).values({ userId: owner.userId, threadId: "ax-t1" });
  await db.insert(schema.userSettings).values({ userId: owner.userId, instructions: "Be brief." });
  await db
    .insert(schema.shares)
    .values({ id: "ax-s1", userId: owner.userId, entryId: "ax-e1", content: "c" });
  await db
    .insert(schema.feedback)
    .values({ id: "ax-f1", userId: owner.userId, entryId: "ax-e1", rating: "up" });
  const [agent] = await db
    .insert(schema.customAgents)
    .values({
      ownerId: owner.userId,
      name: "Harbour guide",
      emoji: "⚓",
      color: "blue",
      instructions: "From the minutes.",
    })
    .returning();
  await db.insert(schema.customAgentFiles).values({ agentId: agent?.id ?? "", fileId: file.id });
  const [run] = await db
    .insert(schema.runs)
    .values({ userId: owner.userId, kind: "research", subjectId: "ax-r1", status: "succeeded" })
    .returning();
  await db.insert(schema.research).values({
    threadId: "ax-r1",
    userId: owner.userId,
    runId: run?.id ?? "",
    question: "What happened to the breakwater?",
    depth: "quick",
    sources: "files",
  });
  const [nexdoc] = await db
    .insert(schema.nexdocsDocuments)
    .values({ userId: owner.userId, title: "Harbour notes", content: { type: "doc" } })
    .returning();
  await db
    .insert(schema.nexdocsRevisions)
    .values({ documentId: nexdoc?.id ?? "", revision: 1, content: { type: "doc" } });
  await db.insert(schema.extractions).values({
    id: "axExtraction1",
    userId: owner.userId,
    title: "Breakwater facts",
    fields: [{ key: "year", name: "Year", type: "number" }],
    sources: [{ kind: "file", fileId: file.id, label: "minutes.txt" }],
  });
  await db.insert(schema.extractionRows).values({
    extractionId: "axExtraction1",
    row: 0,
    status: "done",
    cells: { year: { value: 1904, quote: "in 1904", mark: "exact" } },
  });
  await db
    .insert(schema.usageCounters)
    .values({ subjectId: owner.userId, period: "2026-12", search: 2 })
    .onConflictDoNothing();
});
afterAll(async () => {
  await h.close();
});

async function exportOf(cookie: string) {
  const res = await h.request("/api/account/export.zip", { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toContain("nexus-account.zip");
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const index = JSON.parse(strFromU8(files["account.json"] ?? new Uint8Array())) as AccountIndex;
  return { files, index };
}

describe("the account data export", { timeout: 60_000 }, () => {
  it("carries every table that holds the person's rows (the G12 scan), or names it as derived", async () => {
    const { files, index } = await exportOf(owner.cookie);
    const mentioned = {
      ...(await rowsMentioning(h.db.db, [owner.userId])),
      ...(await rowsMentioning(h.db.db, [OWNER_EMAIL], ["public.leads"])),
    };
    // pg-boss's jobs are the queue's own copies of runs, which are carried (data/runs.json).
    const tables = Object.entries(mentioned).filter(([name]) => name.startsWith("public."));
    expect(tables.length).toBeGreaterThanOrEqual(12);
    for (const [name, count] of tables) {
      const table = name.slice("public.".length);
      const carried = index.tables.find((t) => t.table === table);
      const derived = index.derived.find((d) => d.table === table);
      expect({
        table,
        carried: carried ? carried.rows >= count : derived ? derived.count >= count : false,
      }).toEqual({ table, carried: true });
      if (carried) {
        const rows = JSON.parse(strFromU8(files[carried.file] ?? new Uint8Array())) as unknown[];
        expect(rows).toHaveLength(carried.rows);
      }
    }
    // NexDocs documents and their versions (which name the document, not the person).
    expect(index.tables.find((t) => t.table === "nexdocs_revisions")?.rows).toBe(1);
    // An extraction's rows name no one: they are carried through their extraction.
    expect(index.tables.find((t) => t.table === "extraction_rows")?.rows).toBe(1);
    // Derived tables are counted and explained, never silently left out.
    expect(index.derived.find((d) => d.table === "file_chunks")?.count).toBeGreaterThan(0);
    // Secrets stay out: no session or sign-in hash.
    const sessions = JSON.parse(
      strFromU8(files["data/sessions.json"] ?? new Uint8Array()),
    ) as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => !("idHash" in s))).toBe(true);
  });

  it("holds the history as Markdown, the files byte for byte, and nothing of anyone else", async () => {
    const { files, index } = await exportOf(owner.cookie);
    expect(index.history.threads).toBe(1);
    const thread = Object.keys(files).find((n) => n.startsWith("history/") && n.endsWith(".md"));
    expect(strFromU8(files[thread ?? ""] ?? new Uint8Array())).toContain("In March.");
    expect(index.files).toHaveLength(1);
    expect(strFromU8(files[index.files[0]?.file ?? ""] ?? new Uint8Array())).toBe(NOTE);
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    expect(everything).not.toContain(other.userId);
    expect(everything).not.toContain("Not yours.");
    expect(strFromU8(files["README.md"] ?? new Uint8Array())).toContain("# Your Nexus data");
  });

  it("is the caller's own: another person gets only theirs, and no one signed out gets one", async () => {
    const theirs = await exportOf(other.cookie);
    expect(theirs.index.account.id).toBe(other.userId);
    expect(
      Object.values(theirs.files)
        .map((b) => strFromU8(b))
        .join("\n"),
    ).not.toContain(owner.userId);
    const anonymous = await h.request("/api/account/export.zip");
    expect(anonymous.status).toBe(401);
  });
});
