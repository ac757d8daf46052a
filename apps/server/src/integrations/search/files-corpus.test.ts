import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { queryWords } from "../../lib/text-tokens.ts";
import { createFilesCorpus } from "./files-corpus.ts";

const ALICE = "00000000-0000-4000-8000-00000000a11c";
const BOB = "00000000-0000-4000-8000-000000000b0b";

let db: TestDatabase;

const ids = new Map<string, string>();

/** One ready file of `userId` whose page n (1-based) holds passages[n - 1]. */
async function addFile(userId: string, name: string, passages: string[], status = "ready") {
  const [run] = (
    await db.db.execute<{ id: string }>(sql`
      insert into runs (user_id, kind, subject_id) values (${userId}, 'ingest', ${name})
      returning id`)
  ).rows;
  const [file] = (
    await db.db.execute<{ id: string }>(sql`
      insert into files (user_id, name, kind, size, storage_key, status, pages, run_id)
      values (${userId}, ${name}, 'txt', 100, ${`test/${name}`}, ${status}, ${passages.length}, ${run?.id})
      returning id`)
  ).rows;
  ids.set(name, file?.id ?? "");
  for (const [i, content] of passages.entries()) {
    await db.db.execute(sql`
      insert into file_chunks (file_id, ordinal, user_id, page, char_start, char_end, content)
      values (${file?.id}, ${i}, ${userId}, ${i + 1}, 0, ${content.length}, ${content})`);
  }
}

const search = (text: string, userId: string | undefined, limit = 5, fileIds?: string[]) =>
  createFilesCorpus({ db: db.db }).search({
    query: { text, words: queryWords(text) },
    limit,
    ...(userId ? { userId } : {}),
    ...(fileIds ? { fileIds } : {}),
  });
const idOf = (name: string) => ids.get(name) ?? "";

beforeAll(async () => {
  db = await createTestDatabase();
  await db.db.execute(sql`
    insert into users (id, email, name) values
      (${ALICE}, 'alice-corpus@acme.com', 'Alice'), (${BOB}, 'bob-corpus@acme.com', 'Bob')`);
  // Many passages with one of the question's words, one with all of them, deep in the file.
  const oneWord = Array.from({ length: 40 }, (_, i) =>
    i % 2 === 0
      ? `The storm of week ${i} closed the harbour for a day.`
      : `The pier lights were checked in week ${i}.`,
  );
  await addFile(ALICE, "harbour log.txt", [
    ...oneWord,
    "The pier was repaired in March after the winter storm broke its railings.",
  ]);
  await addFile(ALICE, "lighthouse.txt", ["The lighthouse keeper trims the lamp at dusk."]);
  await addFile(
    ALICE,
    "draft.txt",
    ["A pier repaired after a storm, still being read."],
    "parsing",
  );
  await addFile(BOB, "bob notes.txt", ["Bob's pier was repaired after the storm as well."]);
});

afterAll(async () => {
  await db.close();
});

describe("files corpus (full-text over one person's ready files)", () => {
  it("ranks the passage holding every word of the question first, however many hold one", async () => {
    const hits = await search("when was the pier repaired after the storm", ALICE);
    expect(hits[0]?.title).toBe("harbour log.txt, p. 41");
    expect(hits[0]?.snippet).toContain("repaired");
  });

  it("falls back to passages with any of the words when none holds them all", async () => {
    const hits = await search("lamp storm", ALICE, 3);
    expect(hits.map((hit) => hit.title)).toContain("lighthouse.txt, p. 1");
    expect(hits).toHaveLength(3);
    expect(hits.every((hit) => hit.source === "file")).toBe(true);
  });

  it("returns only the caller's ready files, and nothing without a caller", async () => {
    const everything = await search("pier repaired storm", ALICE, 100);
    expect(everything.some((hit) => hit.title.startsWith("bob notes"))).toBe(false);
    expect(everything.some((hit) => hit.title.startsWith("draft"))).toBe(false);
    expect((await search("pier repaired storm", BOB))[0]?.title).toBe("bob notes.txt, p. 1");
    expect(await search("pier repaired storm", undefined)).toEqual([]);
  });
});

describe("files corpus scoped to the files attached to a question", () => {
  it("searches only those files", async () => {
    const hits = await search("pier storm lamp", ALICE, 10, [idOf("lighthouse.txt")]);
    expect(hits.map((hit) => hit.title)).toEqual(["lighthouse.txt, p. 1"]);
  });

  it("gives their opening passages when none matches the question", async () => {
    const hits = await search("summarise this", ALICE, 3, [idOf("harbour log.txt")]);
    expect(hits.map((hit) => hit.title)).toEqual([
      "harbour log.txt, p. 1",
      "harbour log.txt, p. 2",
      "harbour log.txt, p. 3",
    ]);
    // No words at all: the same.
    expect(await search("the of", ALICE, 1, [idOf("lighthouse.txt")])).toHaveLength(1);
  });

  it("never reads another person's or a not-ready file, even by id", async () => {
    expect(await search("pier repaired storm", ALICE, 5, [idOf("bob notes.txt")])).toEqual([]);
    expect(await search("summarise this", ALICE, 5, [idOf("bob notes.txt")])).toEqual([]);
    expect(await search("summarise this", ALICE, 5, [idOf("draft.txt")])).toEqual([]);
  });
});
