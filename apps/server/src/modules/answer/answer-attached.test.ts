import { threadResponseSchema } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { citations, metadataOf, parseStream, textOf } from "./answer-test-kit.ts";

/**
 * POST /api/answer with `fileIds`: a question answered from the files attached to it (offline
 * engine, real ingestion), for their owner only.
 */

const NOTES = `# Skerry light

The keeper of the Skerry light wound the clockwork every four hours through the night.
The lamp burned colza oil until 1904, when it was replaced by paraffin vapour.
`;
const OTHER = `Harbour log. The harbour lamp burned whale oil in the old days, and the keeper logged every ship.`;
const BOBS = `Bob's lighthouse notes. The lamp burned colza oil, Bob wrote, in his own lighthouse.`;

let h: Harness;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
let notesId: string;
let otherId: string;
let bobsId: string;
const anonId = "anon_1795000000000_attached";

async function addFile(cookie: string, name: string, content: string): Promise<string> {
  const res = await upload(h, cookie, name, content);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
  const { id } = (await res.json()) as { id: string };
  const events = await untilDone(h, cookie, id);
  if (events.at(-1)?.data.type !== "ready") throw new Error(`${name} did not become ready`);
  return id;
}

beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  await indexKnowledgeBase({ db: h.db.db });
  alice = await h.signIn("alice-attach@acme.com");
  bob = await h.signIn("bob-attach@acme.com");
  notesId = await addFile(alice.cookie, "skerry-light.md", NOTES);
  otherId = await addFile(alice.cookie, "harbour-log.txt", OTHER);
  bobsId = await addFile(bob.cookie, "bob-lighthouse.txt", BOBS);
});
afterAll(async () => {
  await h.close();
});

async function ask(body: Record<string, unknown>, who: { cookie?: string; anonId?: string }) {
  const res = await h.request("/api/answer", { method: "POST", body, ...who });
  const text = await res.text();
  return { status: res.status, text, chunks: res.status === 200 ? parseStream(text) : [] };
}

async function searchesUsed(who: { cookie?: string; anonId?: string }): Promise<number> {
  const res = await h.request("/api/usage/check?counter=search", who);
  return ((await res.json()) as { current: number }).current;
}

function sourceTitles(chunks: ReturnType<typeof parseStream>): string[] {
  return chunks.filter((c) => c.type === "source-url").map((c) => String(c.title));
}

describe("POST /api/answer with attached files (fileIds)", () => {
  it("answers the owner from the attached file only, in the Local focus, citing the file and its section", async () => {
    // Web focus asked for, and words that the other file and the knowledge base also hold.
    const { status, chunks } = await ask(
      { text: "What oil did the lamp burn?", focusMode: "web", fileIds: [notesId] },
      { cookie: alice.cookie },
    );
    expect(status).toBe(200);
    expect(metadataOf(chunks, "start").focusMode).toBe("local");
    const titles = sourceTitles(chunks);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t === "skerry-light.md, Skerry light")).toBe(true);
    const text = textOf(chunks);
    expect(text).toContain("colza oil");
    expect(citations(text).length).toBeGreaterThan(0);
    // The saved turn keeps the focus it was answered in.
    const [row] = await h.db.db
      .select({ focusMode: schema.searchHistory.focusMode })
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.id, String(metadataOf(chunks, "start").entryId)));
    expect(row?.focusMode).toBe("local");
    // …and the files it was asked with: the thread restores them (the chips, and Regenerate's fileIds).
    const threadId = String(metadataOf(chunks, "start").threadId);
    const thread = await h.request(`/api/threads/${threadId}`, { cookie: alice.cookie });
    const restored = threadResponseSchema.parse(await thread.json());
    expect(restored.entries[0]?.results.attachments).toEqual([
      { id: notesId, name: "skerry-light.md" },
    ]);
  });

  it("searches every file of the person in the Local focus without fileIds", async () => {
    const { chunks } = await ask(
      { text: "What oil did the lamp burn?", focusMode: "local" },
      { cookie: alice.cookie },
    );
    const titles = sourceTitles(chunks);
    expect(titles).toContain("skerry-light.md, Skerry light");
    expect(titles).toContain("harbour-log.txt, p. 1");
    // Nothing was attached: the saved turn has no attachments.
    const [row] = await h.db.db
      .select({ results: schema.searchHistory.results })
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.id, String(metadataOf(chunks, "start").entryId)));
    expect(row?.results).not.toHaveProperty("attachments");
  });

  it("gives the opening passages of the attached file when none of its passages matches", async () => {
    const { chunks } = await ask(
      { text: "Summarise this", fileIds: [notesId] },
      { cookie: alice.cookie },
    );
    expect(sourceTitles(chunks)).toEqual(["skerry-light.md, Skerry light"]);
  });

  it("scopes to several attached files, and the same id twice counts once", async () => {
    const { status, chunks } = await ask(
      { text: "What oil did the lamp burn?", fileIds: [otherId, notesId, otherId] },
      { cookie: alice.cookie },
    );
    expect(status).toBe(200);
    expect(new Set(sourceTitles(chunks))).toEqual(
      new Set(["skerry-light.md, Skerry light", "harbour-log.txt, p. 1"]),
    );
  });

  it("answers another person's file id like a missing one (404), charging nothing", async () => {
    const before = await searchesUsed({ cookie: alice.cookie });
    const foreign = await ask(
      { text: "What oil did the lamp burn?", fileIds: [notesId, bobsId] },
      { cookie: alice.cookie },
    );
    const missing = await ask(
      { text: "What oil did the lamp burn?", fileIds: ["00000000-0000-4000-8000-000000000000"] },
      { cookie: alice.cookie },
    );
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    expect(JSON.parse(foreign.text)).toEqual({
      error: { code: "not_found", message: "No such file." },
    });
    expect(await searchesUsed({ cookie: alice.cookie })).toBe(before);
    // Bob's own file is his to ask about.
    const own = await ask(
      { text: "What oil did the lamp burn?", fileIds: [bobsId] },
      { cookie: bob.cookie },
    );
    expect(sourceTitles(own.chunks)).toEqual(["bob-lighthouse.txt, p. 1"]);
  });

  it("asks an anonymous visitor to sign in (401), charging nothing", async () => {
    const before = await searchesUsed({ anonId });
    const res = await ask({ text: "What oil did the lamp burn?", fileIds: [notesId] }, { anonId });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toEqual({
      error: { code: "unauthorized", message: "Sign in to attach files." },
    });
    expect(await searchesUsed({ anonId })).toBe(before);
    // Without files the same visitor is answered.
    expect((await ask({ text: "What is Nexus?", fileIds: [] }, { anonId })).status).toBe(200);
  });

  it("refuses a file that is not ready yet (409)", async () => {
    await h.db.db
      .update(schema.files)
      .set({ status: "indexing" })
      .where(eq(schema.files.id, otherId));
    try {
      const res = await ask(
        { text: "What oil did the lamp burn?", fileIds: [otherId] },
        { cookie: alice.cookie },
      );
      expect(res.status).toBe(409);
    } finally {
      await h.db.db
        .update(schema.files)
        .set({ status: "ready" })
        .where(eq(schema.files.id, otherId));
    }
  });

  it("rejects malformed ids and more than 10 files (400)", async () => {
    const malformed = await ask(
      { text: "What oil?", fileIds: ["not-a-uuid"] },
      { cookie: alice.cookie },
    );
    expect(malformed.status).toBe(400);
    const many = Array.from({ length: 11 }, () => notesId);
    expect((await ask({ text: "What oil?", fileIds: many }, { cookie: alice.cookie })).status).toBe(
      400,
    );
  });
});
