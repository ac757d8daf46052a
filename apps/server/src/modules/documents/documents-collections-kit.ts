import { randomUUID } from "node:crypto";
import {
  type CollectionFiles,
  collectionFilesSchema,
  type DocumentCitation,
  earlierChatsSchema,
  MAX_COLLECTION_FILES,
} from "@nexus/contracts";
import { schema } from "@nexus/db";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Harness } from "../../../test/harness.ts";
import { parseStream, partOf } from "../answer/answer-test-kit.ts";

/**
 * Collections (issue 41 scope 1), run inside documents.test.ts (its servers and files): a chat
 * holds several files, retrieval spans them and a citation names its file; at most 50 files, each
 * the caller's; removing one from the chat keeps the file, deleting the file takes it out.
 */
export interface CollectionContext {
  h: () => Harness;
  alice: () => { cookie: string; userId: string };
  bob: () => { cookie: string; userId: string };
  /** A ready Markdown file of alice's (the chat's document). */
  notesId: () => string;
  addFile: (cookie: string, name: string, content: string) => Promise<string>;
}

const HARBOUR = `# Harbour works

The harbour crane at Vellmar quay was painted signal orange in 1931.
Its boom lifted granite blocks for the breakwater.
`;

export function collectionCases(ctx: CollectionContext) {
  const filesUrl = (thread: string, documentId = ctx.notesId()) =>
    `/api/documents/${documentId}/threads/${thread}/files`;
  const add = (thread: string, fileIds: string[], cookie = ctx.alice().cookie) =>
    ctx.h().request(filesUrl(thread), { method: "POST", cookie, body: { fileIds } });
  const listed = async (thread: string): Promise<CollectionFiles> => {
    const res = await ctx.h().request(filesUrl(thread), { cookie: ctx.alice().cookie });
    expect(res.status).toBe(200);
    return collectionFilesSchema.parse(await res.json());
  };
  /** Ready file rows of alice's, made directly (their text is not what these cases read). */
  const seedFiles = async (count: number): Promise<string[]> => {
    const rows = Array.from({ length: count }, (_, i) => ({
      userId: ctx.alice().userId,
      name: `seeded-${i}.txt`,
      kind: "txt",
      size: 1,
      storageKey: `seeded-${randomUUID()}`,
      status: "ready" as const,
      runId: randomUUID(),
    }));
    const made = await ctx
      .h()
      .db.db.insert(schema.files)
      .values(rows)
      .returning({ id: schema.files.id });
    return made.map((row) => row.id);
  };

  describe("document chat collections", () => {
    it("answers from every file of the chat: a citation from the second file names it; one search charged", async () => {
      const h = ctx.h();
      const { cookie } = ctx.alice();
      const harbourId = await ctx.addFile(cookie, "harbour.md", HARBOUR);
      const added = await add("collect1", [harbourId]);
      expect(added.status).toBe(200);
      const files = collectionFilesSchema.parse(await added.json()).files;
      expect(files.map((f) => [f.id, f.primary])).toEqual([
        [ctx.notesId(), true],
        [harbourId, false],
      ]);
      const before = await h.request("/api/usage/check?counter=search", { cookie });
      const used = ((await before.json()) as { current: number }).current;
      const res = await h.request(`/api/documents/${ctx.notesId()}/chat`, {
        method: "POST",
        cookie,
        body: { text: "What colour was the harbour crane painted?", threadId: "collect1" },
      });
      expect(res.status).toBe(200);
      const citations = (partOf(parseStream(await res.text()), "data-citations")?.data ??
        []) as DocumentCitation[];
      const second = citations.find((c) => c.fileId === harbourId && c.verified);
      expect(second?.fileName).toBe("harbour.md");
      expect(citations.every((c) => c.fileName !== undefined)).toBe(true);
      const after = await h.request("/api/usage/check?counter=search", { cookie });
      expect(((await after.json()) as { current: number }).current).toBe(used + 1);
      // History and Recent name the collection; both files list the chat among their earlier ones.
      const history = (await (await h.request("/api/history", { cookie })).json()) as {
        threads: { threadId: string; badge: string | null }[];
      };
      expect(history.threads.find((t) => t.threadId === "collect1")?.badge).toBe(
        "skerry.md + 1 file",
      );
      for (const id of [ctx.notesId(), harbourId]) {
        const chats = earlierChatsSchema.parse(
          await (await h.request(`/api/documents/${id}/chats`, { cookie })).json(),
        ).chats;
        expect(chats.find((c) => c.threadId === "collect1")).toMatchObject({
          documentId: ctx.notesId(),
          title: "What colour was the harbour crane painted?",
          files: 2,
        });
      }
      // Taken out of the chat, the file stays the person's; deleted, it leaves every chat.
      const removed = await h.request(`${filesUrl("collect1")}/${harbourId}`, {
        method: "DELETE",
        cookie,
      });
      expect(collectionFilesSchema.parse(await removed.json()).files).toHaveLength(1);
      expect((await h.request(`/api/files/${harbourId}`, { cookie })).status).toBe(200);
      expect((await add("collect1", [harbourId])).status).toBe(200);
      expect(
        (await h.request(`/api/files/${harbourId}`, { method: "DELETE", cookie })).status,
      ).toBe(204);
      expect((await listed("collect1")).files.map((f) => f.id)).toEqual([ctx.notesId()]);
    });

    it("holds at most 50 files: the 51st is refused with a clear 400, nothing added", async () => {
      const ids = await seedFiles(MAX_COLLECTION_FILES);
      // The document and 49 more: full.
      expect((await add("collect50", ids.slice(0, MAX_COLLECTION_FILES - 1))).status).toBe(200);
      expect((await listed("collect50")).files).toHaveLength(MAX_COLLECTION_FILES);
      const over = await add("collect50", [ids[MAX_COLLECTION_FILES - 1] ?? ""]);
      expect(over.status).toBe(400);
      expect(((await over.json()) as { error: { message: string } }).error.message).toMatch(
        /at most 50 files/,
      );
      expect((await listed("collect50")).files).toHaveLength(MAX_COLLECTION_FILES);
      // 51 ids in one request: refused before anything is read.
      const many = await add("collect51", [...ids, randomUUID()]);
      expect(many.status).toBe(400);
      expect((await listed("collect51")).files).toHaveLength(1);
      const empty = await add("collect51", []);
      expect(empty.status).toBe(400);
    });

    it("refuses another person's file as a missing one, changing nothing; others cannot see the chat", async () => {
      const h = ctx.h();
      const bobFile = await ctx.addFile(ctx.bob().cookie, "bob.md", "# Bob\n\nBob's own notes.");
      const [mine] = await seedFiles(1);
      const foreign = await add("collectx", [mine ?? "", bobFile]);
      const missing = await add("collectx", [mine ?? "", randomUUID()]);
      expect(foreign.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(await foreign.json()).toEqual(await missing.json());
      expect((await listed("collectx")).files).toHaveLength(1);
      const rows = await h.db.db
        .select()
        .from(schema.documentChatFiles)
        .where(
          and(
            eq(schema.documentChatFiles.userId, ctx.alice().userId),
            eq(schema.documentChatFiles.threadId, "collectx"),
          ),
        );
      expect(rows).toEqual([]);
      // Bob may not add to, read or empty alice's chat; a visitor must sign in.
      expect((await add("collectx", [bobFile], ctx.bob().cookie)).status).toBe(404);
      expect((await h.request(filesUrl("collectx"), { cookie: ctx.bob().cookie })).status).toBe(
        404,
      );
      expect((await h.request(filesUrl("collectx"), {})).status).toBe(401);
      // The chat's own document cannot be taken out; an id that is not in it is a 404.
      const self = await h.request(`${filesUrl("collectx")}/${ctx.notesId()}`, {
        method: "DELETE",
        cookie: ctx.alice().cookie,
      });
      expect(self.status).toBe(400);
      const absent = await h.request(`${filesUrl("collectx")}/${randomUUID()}`, {
        method: "DELETE",
        cookie: ctx.alice().cookie,
      });
      expect(absent.status).toBe(404);
      const malformed = await h.request(`${filesUrl("collectx")}/not-a-file`, {
        method: "DELETE",
        cookie: ctx.alice().cookie,
      });
      expect(malformed.status).toBe(404);
    });
  });
}
