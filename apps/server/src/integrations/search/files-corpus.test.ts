import { createDatabase } from "@nexus/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { queryWords } from "../../lib/text-tokens.ts";
import { createFilesCorpus } from "./files-corpus.ts";

const ALICE = "00000000-0000-4000-8000-00000000a11c";
const BOB = "00000000-0000-4000-8000-000000000b0b";
const CAROL = "00000000-0000-4000-8000-0000000ca201";

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
      (${ALICE}, 'alice-corpus@acme.com', 'Alice'), (${BOB}, 'bob-corpus@acme.com', 'Bob'),
      (${CAROL}, 'carol-corpus@acme.com', 'Carol')`);
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
  // Passages with every word (close together, far apart, repeated), with some, with none.
  await addFile(CAROL, "works.txt", [
    "After the storm, weeks later, the old wooden pier on the north side of the bay was finally repaired by the council.",
    "The storm damaged the pier.",
    "The pier was repaired after the storm.",
    "Nets repaired on the quay.",
    "The lighthouse lamp was cleaned.",
    "Storm at the pier, storm at the quay: the pier was repaired, then the storm came back.",
  ]);
  await addFile(CAROL, "diary.txt", [
    "In the storm the pier broke; it was repaired in May.",
    "A storm at sea and then a storm at night.",
  ]);
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

  it("orders passages by cover density: the words close together and often first, far apart last", async () => {
    // Four passages hold every word, fewer than asked for: those with some words are ranked too.
    const hits = await search("when was the pier repaired after the storm", CAROL, 8);
    expect(hits.map((hit) => hit.title)).toEqual([
      "works.txt, p. 6",
      "works.txt, p. 3",
      "diary.txt, p. 1",
      "works.txt, p. 2",
      "diary.txt, p. 2",
      "works.txt, p. 1",
      "works.txt, p. 4",
    ]);
    // No ties: the order is the ranking's, not the files' ids'.
    expect(new Set(hits.map((hit) => hit.score)).size).toBe(hits.length);
    expect(hits.map((hit) => hit.score)).toEqual(
      [...hits.map((hit) => hit.score)].sort((a, b) => b - a),
    );
  });

  it("changes the planner's settings for its own query only", async () => {
    // One connection: the search's and the check's are the same.
    const single = createDatabase({ url: db.url, max: 1 });
    try {
      await createFilesCorpus({ db: single.db }).search({
        query: { text: "pier storm", words: queryWords("pier storm") },
        limit: 5,
        userId: CAROL,
      });
      const { rows } = await single.db.execute<{ seq: string; workers: string }>(sql`
        select current_setting('enable_seqscan') as seq,
               current_setting('max_parallel_workers_per_gather') as workers`);
      expect(rows[0]).toEqual({ seq: "on", workers: "2" });
    } finally {
      await single.close();
    }
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
