import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { schema } from "@nexus/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { indexKnowledgeBase, KNOWLEDGE_DIR, knowledgeFilesIn } from "./knowledge-index.ts";
import { createLocalSearch, type LocalCorpus } from "./local.ts";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

function tempKnowledge(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-kb-"));
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

const doc = (title: string, body: string) => `---\ntitle: ${title}\ntags: [test]\n---\n${body}\n`;

describe("indexKnowledgeBase", () => {
  it("indexes changed files only, removes deleted ones, and is idempotent", async () => {
    const other = await createTestDatabase();
    try {
      const dir = tempKnowledge({
        "alpha.md": doc("Alpha", "## One\nAlpha one text here.\n## Two\nAlpha two text here."),
        "guides/beta.md": doc("Beta", "Beta intro text here."),
      });
      expect(await indexKnowledgeBase({ db: other.db, dir })).toMatchObject({
        documents: 2,
        updated: 2,
        removed: 0,
        chunks: 3,
      });
      expect(await indexKnowledgeBase({ db: other.db, dir })).toMatchObject({
        documents: 2,
        updated: 0,
        removed: 0,
        chunks: 0,
      });

      fs.writeFileSync(path.join(dir, "alpha.md"), doc("Alpha", "Only one passage now."));
      fs.rmSync(path.join(dir, "guides/beta.md"));
      expect(await indexKnowledgeBase({ db: other.db, dir })).toMatchObject({
        documents: 1,
        updated: 1,
        removed: 1,
        chunks: 1,
      });
      const rows = await other.db
        .select({ id: schema.knowledgeChunks.id, url: schema.knowledgeChunks.url })
        .from(schema.knowledgeChunks);
      expect(rows).toEqual([{ id: "alpha.md#0", url: "/blog/alpha" }]);
      fs.rmSync(dir, { recursive: true, force: true });
    } finally {
      await other.close();
    }
  });

  it("indexes the real knowledge base fast, and concurrent start-ups do not collide", async () => {
    const [first, second] = await Promise.all([
      indexKnowledgeBase({ db: db.db }),
      indexKnowledgeBase({ db: db.db }),
    ]);
    expect(first && second).toBeTruthy();
    // One of the two did the work; the other found everything up to date.
    expect([first?.updated, second?.updated].sort()).toEqual([0, first?.documents]);
    const [row] = await db.db.select({ n: count() }).from(schema.knowledgeChunks);
    expect(row?.n).toBeGreaterThan(50);
    const again = await indexKnowledgeBase({ db: db.db });
    expect(again.updated).toBe(0);
    expect(again.ms).toBeLessThan(500);
    const files = knowledgeFilesIn(KNOWLEDGE_DIR);
    expect(again.documents).toBe(files.length);
  });
});

describe("local search over the knowledge base", () => {
  const search = () => createLocalSearch({ db: db.db, limit: 5 });

  it("finds the passage that answers a natural question, with a snippet and its content", async () => {
    const { results, images, videos } = await search().search({
      query: "How do I connect Ollama?",
    });
    expect(images).toEqual([]);
    expect(videos).toEqual([]);
    expect(results.length).toBe(5);
    expect(results[0]).toMatchObject({
      title: "Connecting a language model — Ollama",
      url: "/blog/connecting-a-model#ollama",
      heading: "Ollama",
      source: "knowledge",
    });
    expect(results[0]?.content).toContain("11434");
    expect(results[0]?.snippet.toLowerCase()).toContain("ollama");
    expect(results[0]?.snippet).not.toMatch(/<\/?b>/);
  });

  it("matches the 'simple' fallback and dotted names the English stemmer would miss", async () => {
    const { results } = await search().search({ query: "node.js version 20.19" });
    expect(results[0]?.url).toBe("/blog/getting-started");
  });

  it("ranks the FAQ entry whose heading is the question", async () => {
    const { results } = await search().search({ query: "Is my data used to train models?" });
    expect(results[0]?.url).toBe("/faq#is-my-data-used-to-train-models");
  });

  it("pages through results without repeating them", async () => {
    const provider = search();
    const first = await provider.search({ query: "search provider", page: 1 });
    const second = await provider.search({ query: "search provider", page: 2 });
    expect(second.results.length).toBeGreaterThan(0);
    const urls = new Set(first.results.map((r) => `${r.url}|${r.content}`));
    for (const r of second.results) expect(urls.has(`${r.url}|${r.content}`)).toBe(false);
  });

  it("answers odd input safely: empty, stop words only, operators, quotes, SQL", async () => {
    for (const query of [
      "",
      "   ",
      "what is it?",
      "!!! ::: &&& ||| <-> '",
      '"sign-in link" -smtp or',
      "'; drop table knowledge_chunks; --",
      "x".repeat(2000),
      "日本語の質問",
    ]) {
      const { results } = await search().search({ query });
      expect(Array.isArray(results), query).toBe(true);
    }
    const [row] = await db.db.select({ n: count() }).from(schema.knowledgeChunks);
    expect(row?.n).toBeGreaterThan(0);
  });

  it("refuses to start when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stopped"));
    await expect(search().search({ query: "ollama", signal: controller.signal })).rejects.toThrow(
      "stopped",
    );
  });

  it("merges further corpora (the user's documents) by score, passing the user id", async () => {
    const seen: Array<string | undefined> = [];
    const files: LocalCorpus = {
      name: "files",
      async search({ userId }) {
        seen.push(userId);
        return [
          {
            title: "My notes",
            url: "/app/files/f1",
            snippet: "Ollama notes",
            content: "My private notes about Ollama.",
            source: "file",
            score: 1_000,
          },
        ];
      },
    };
    const provider = createLocalSearch({ db: db.db, limit: 3, corpora: [files] });
    const { results } = await provider.search({ query: "ollama", userId: "u1" });
    expect(seen).toEqual(["u1"]);
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({ title: "My notes", source: "file" });
    expect(results[1]?.source).toBe("knowledge");
    expect(results[0]).not.toHaveProperty("score");
  });

  it("Local focus (knowledge: product): the files alone, help guides only for the product or when no file matches", async () => {
    const files: LocalCorpus = {
      name: "files",
      async search({ query }) {
        if (!query.words.includes("ollama")) return [];
        return [
          {
            title: "ollama-notes.md, p. 1",
            url: "/app/files/f1",
            snippet: "Ollama notes",
            content: "My notes: Ollama ran on the old laptop.",
            source: "file",
            score: 0.01,
          },
        ];
      },
    };
    const provider = createLocalSearch({
      db: db.db,
      limit: 5,
      corpora: [files],
      knowledge: "product",
    });
    const sourcesOf = async (query: string) =>
      (await provider.search({ query, userId: "u1" })).results.map((r) => r.source);
    // A file matches (with a low score): no help page joins it, though the guides hold "Ollama".
    expect(await sourcesOf("How do I connect Ollama?")).toEqual(["file"]);
    // No file matches: the help guides answer (an anonymous visitor has no files).
    const none = await sourcesOf("Is my data used to train models?");
    expect(none.length).toBeGreaterThan(0);
    expect(none.every((s) => s === "knowledge")).toBe(true);
    // A question about the product itself: the guides join the files (merged by score).
    expect(await sourcesOf("How do I connect Ollama to Nexus?")).toContain("knowledge");
  });

  it("keeps knowledge rows per document path", async () => {
    const rows = await db.db
      .select({ heading: schema.knowledgeChunks.heading })
      .from(schema.knowledgeChunks)
      .where(eq(schema.knowledgeChunks.path, "faq.md"));
    expect(rows.map((r) => r.heading)).toContain("Is Nexus free?");
  });
});
