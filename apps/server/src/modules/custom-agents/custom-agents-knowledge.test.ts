import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../../../test/documents/fixtures.ts";
import { restoreThread } from "../../../test/support/thread-api.ts";
import { parseStream, partOf, textOf } from "../answer/answer-test-kit.ts";
import {
  AGENT,
  type Agent,
  chat,
  createAgent,
  h,
  json,
  llm,
  OTHER,
  OTHER_TEXT,
  offline,
  PASSAGE,
  PDF,
  passagesOf,
  ready,
  replies,
  say,
  useKnowledgeServers,
} from "./custom-agents-knowledge-kit.ts";

/**
 * Custom agents' knowledge files (issue 14 scope 8, issue 13 scope 5): the owner's files the agent
 * searches with search-files — exactly those — readable only through the agent's chat, for its
 * owner and for the people it is shared with, who still cannot open the files themselves.
 */

useKnowledgeServers({ offline: true });

describe("custom agents' knowledge files", () => {
  let owner: { cookie: string; userId: string };
  let holder: { cookie: string; userId: string };
  let stranger: { cookie: string; userId: string };
  let pdfId: string;
  let otherId: string;
  let agent: Agent;

  beforeAll(async () => {
    owner = await h.signIn("knowledge-owner@acme.com");
    holder = await h.signIn("knowledge-holder@acme.com");
    stranger = await h.signIn("knowledge-stranger@acme.com");
    pdfId = await ready(h, owner.cookie, PDF, fixture(PDF));
    otherId = await ready(h, owner.cookie, OTHER, OTHER_TEXT);
    const created = await createAgent(h, owner.cookie, { ...AGENT, knowledgeFileIds: [pdfId] });
    expect(created.status).toBe(201);
    agent = created.body;
  });

  it("the owner sees the agent's files; its search-files tool finds the passage and the reply cites it", async () => {
    expect(agent).toMatchObject({
      isOwner: true,
      knowledgeCount: 1,
      available: true,
      knowledgeFiles: [{ id: pdfId, name: PDF, status: "ready", pages: 5 }],
    });
    replies.push(
      { kind: "tool-calls", calls: [{ name: "search-files", arguments: { query: PASSAGE } }] },
      { kind: "text", text: "Use a reftest [1]." },
    );
    const { status, chunks } = await chat(h, agent.id, owner.cookie, "Which test should I use?");
    expect(status).toBe(200);
    expect(partOf(chunks, "tool-input-available")).toMatchObject({
      toolName: "search-files",
      input: { query: PASSAGE },
    });
    const passages = passagesOf(chunks);
    const best = passages.find((p) => p.text.includes(PASSAGE));
    expect(best).toMatchObject({
      n: 1,
      title: `${PDF}, p. 5`,
      url: expect.stringMatching(new RegExp(`^/app/document-chat/${pdfId}\\?chunk=\\d+&page=5$`)),
    });
    expect(passages.every((p) => p.title.startsWith(`${PDF}, p. `))).toBe(true);
    expect(partOf(chunks, "source-url")).toMatchObject({
      sourceId: "1",
      url: expect.stringMatching(new RegExp(`^/app/document-chat/${pdfId}\\?chunk=\\d+&page=5$`)),
      title: `${PDF}, p. 5`,
    });
    expect(textOf(chunks)).toBe("Use a reftest [1].");

    // The model was told about its knowledge, offered the tool, and got the passage back.
    const first = llm.requests[0];
    expect(String(first?.messages[0]?.content)).toContain("1 knowledge file");
    expect(JSON.stringify(first?.body.tools)).toContain("search-files");
    const toolMessage = llm.requests[1]?.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content)).toContain(PASSAGE);

    // The saved conversation keeps the tool part and the cited source.
    const start = partOf(chunks, "start")?.messageMetadata as { threadId?: string } | undefined;
    const threadId = start?.threadId ?? "";
    const thread = await restoreThread(h, threadId, owner.cookie);
    const types = thread.turns[0]?.parts.map((p) => p.type) ?? [];
    expect(types).toContain("tool-search-files");
    expect(types).toContain("source-url");
    const [row] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.threadId, threadId));
    expect((row?.results.sources as unknown[] | undefined)?.[0]).toMatchObject({
      title: `${PDF}, p. 5`,
      url: expect.stringMatching(new RegExp(`^/app/document-chat/${pdfId}\\?chunk=\\d+&page=5$`)),
      domain: "",
    });
  });

  it("searches only its knowledge: the owner's other file is never returned, whatever is asked", async () => {
    for (const query of ["zeppelin harbour notes", PASSAGE, "private"]) {
      replies.push(
        { kind: "tool-calls", calls: [{ name: "search-files", arguments: { query } }] },
        { kind: "text", text: "Done." },
      );
      const { chunks } = await chat(h, agent.id, owner.cookie, `Look for ${query}`);
      const passages = passagesOf(chunks);
      expect(passages.length, query).toBeGreaterThan(0);
      for (const p of passages) {
        expect(p.title, query).not.toContain(OTHER);
        expect(p.url, query).not.toContain(otherId);
        expect(p.text, query).not.toContain("zeppelin");
      }
    }
  });

  it("a preset's search-files (NexBuddy) searches Nexus's guides, never the person's files", async () => {
    replies.push(
      {
        kind: "tool-calls",
        calls: [{ name: "search-files", arguments: { query: "reftest best bet focus modes" } }],
      },
      { kind: "text", text: "See the guide [1]." },
    );
    const res = await h.request("/api/agents/nexbuddy/chat", {
      method: "POST",
      body: say("How do focus modes work?"),
      cookie: owner.cookie,
    });
    const passages = passagesOf(parseStream(await res.text()));
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.every((p) => p.url.startsWith("/blog/"))).toBe(true);
  });

  it("a link holder chats with it and gets the same passage, yet every file route answers 404", async () => {
    const shared = await json<Agent>(
      await h.request(`/api/custom-agents/${agent.id}/share`, {
        method: "POST",
        cookie: owner.cookie,
      }),
    );
    const token = shared.sharePath?.split("/").pop() ?? "";
    const seen = await json<Agent>(
      await h.request(`/api/custom-agents/shared/${token}`, {
        method: "POST",
        cookie: holder.cookie,
      }),
    );
    // A holder learns how many files it knows, not which.
    expect(seen).toMatchObject({ isOwner: false, knowledgeFiles: null, knowledgeCount: 1 });
    expect(JSON.stringify(seen)).not.toContain(PDF);

    replies.push(
      { kind: "tool-calls", calls: [{ name: "search-files", arguments: { query: PASSAGE } }] },
      { kind: "text", text: "A reftest [1]." },
    );
    const { status, chunks } = await chat(h, agent.id, holder.cookie, "Which test?");
    expect(status).toBe(200);
    expect(passagesOf(chunks).some((p) => p.text.includes(PASSAGE))).toBe(true);
    expect(partOf(chunks, "source-url")).toMatchObject({ title: `${PDF}, p. 5` });
    expect(JSON.stringify(llm.requests[1]?.messages)).toContain(PASSAGE);
    // The holder's saved reply keeps the passage's name and page but no link to the owner's file
    // (the library and a share of it show it as "Not shared", not as a deleted file).
    const [kept] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, holder.userId));
    expect((kept?.results.sources as unknown[] | undefined)?.[0]).toMatchObject({
      title: `${PDF}, p. 5`,
      url: "",
      private: true,
    });

    for (const [method, path, body] of [
      ["GET", `/api/files/${pdfId}`],
      ["GET", `/api/files/${pdfId}/download`],
      ["GET", `/api/files/${pdfId}/events`],
      ["PATCH", `/api/files/${pdfId}`, { name: "mine.pdf" }],
      ["DELETE", `/api/files/${pdfId}`],
    ] as Array<[string, string, unknown?]>)
      expect(
        (await h.request(path, { method, cookie: holder.cookie, ...(body ? { body } : {}) }))
          .status,
        `${method} ${path}`,
      ).toBe(404);
    const listed = await json<{ files: unknown[] }>(
      await h.request("/api/files?q=reftest", { cookie: holder.cookie }),
    );
    expect(listed.files).toEqual([]);
    const missing = await json<{ missing: string[] }>(
      await h.request(`/api/files/missing?ids=${pdfId}`, { cookie: holder.cookie }),
    );
    expect(missing.missing).toEqual([pdfId]);
    // The owner's file is untouched.
    expect((await h.request(`/api/files/${pdfId}`, { cookie: owner.cookie })).status).toBe(200);

    // Someone without the link gets nothing of it.
    expect(
      (await h.request(`/api/custom-agents/${agent.id}`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    expect((await chat(h, agent.id, stranger.cookie, "Which test?")).status).toBe(404);
  });
});

describe("custom agents' knowledge with no model", () => {
  it("an agent with files answers extractively from them, citing the page; one without needs a model", async () => {
    const { cookie } = await offline.signIn("knowledge-offline@acme.com");
    const pdfId = await ready(offline, cookie, PDF, fixture(PDF));
    const knowing = await createAgent(offline, cookie, { ...AGENT, knowledgeFileIds: [pdfId] });
    const plain = await createAgent(offline, cookie, AGENT);
    expect(knowing.body.available).toBe(true);
    expect(plain.body.available).toBe(false);

    const { status, chunks } = await chat(
      offline,
      knowing.body.id,
      cookie,
      "Which is your best bet for layout tests, a reftest?",
    );
    expect(status).toBe(200);
    expect(partOf(chunks, "tool-input-available")).toMatchObject({ toolName: "search-files" });
    const sources = chunks.filter((c) => c.type === "source-url");
    expect(sources.map((s) => s.title)).toContain(`${PDF}, p. 5`);
    const text = textOf(chunks);
    expect(text).toContain(PASSAGE);
    const cited = sources.find((s) => s.title === `${PDF}, p. 5`)?.sourceId;
    expect(text).toContain(`[${cited}]`);
    expect(llm.requests).toEqual([]);

    const refused = await chat(offline, plain.body.id, cookie, "hi");
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.raw)).toMatchObject({ error: { code: "needs_model" } });
  });
});
