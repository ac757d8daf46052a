import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { TIER_LIMITS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { restoreThread } from "../../../test/support/thread-api.ts";
import { parseStream, partOf, readUntil, textOf } from "../answer/answer-test-kit.ts";
import * as usage from "../usage/usage.service.ts";
import {
  agentUsage,
  chat,
  h,
  llm,
  replies,
  say,
  useAgentChats,
  userOf,
  waitFor,
} from "./agents-test-kit.ts";

/**
 * G9: an agent conversation's unit is reserved atomically when a reply of a conversation not yet
 * charged starts, kept when that reply completes, given back when it fails or is stopped.
 */

useAgentChats();

const LIMIT = TIER_LIMITS.free.agentUsage;

async function callerOf(cookie: string) {
  return { user: await userOf(cookie), anonId: null, ip: "127.0.0.1" };
}

/** A reply the person stops once its first words arrived (a real socket, hung up): its thread. */
async function stopAfterFirstWords(cookie: string, threadId?: string) {
  replies.push({ kind: "text", text: "one two three four five six seven eight", delayMs: 80 });
  const server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" });
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const controller = new AbortController();
  try {
    // biome-ignore lint/style/noRestrictedGlobals: the test's browser, talking to our own app on loopback
    const res = await fetch(`http://127.0.0.1:${port}/api/agents/story-generator/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(say("A story", threadId)),
      signal: controller.signal,
    });
    const seen = await readUntil(res.body?.getReader(), "text-delta");
    // While the reply runs, its unit is held: a parallel start cannot take it.
    const during = await agentUsage(h, cookie);
    controller.abort();
    const meta = partOf(parseStream(seen), "start")?.messageMetadata as { threadId: string };
    return { threadId: meta.threadId, during };
  } finally {
    server.close();
  }
}

describe("agent conversation quota (G9)", () => {
  it("lets exactly the units left start of 10 parallel new conversations; the rest get 429", async () => {
    const { cookie } = await h.signIn("agents-parallel@acme.com");
    const left = 2;
    await usage.consume({
      deps: h.deps,
      caller: await callerOf(cookie),
      counter: "agentUsage",
      amount: LIMIT - left,
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => chat(h, "comedian", cookie, say(`Joke ${i}`))),
    );
    const streamed = results.filter((r) => r.status === 200);
    expect(streamed).toHaveLength(left);
    for (const r of streamed) expect(partOf(r.chunks, "finish")).toBeDefined();
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10 - left);
    for (const r of refused)
      expect(JSON.parse(r.text)).toMatchObject({ error: { code: "quota_exceeded" } });
    expect(await agentUsage(h, cookie)).toBe(LIMIT);
  });

  it("gives back a stopped first reply's unit and charges the conversation when a reply completes", async () => {
    const { cookie, userId } = await h.signIn("agents-stop-continue@acme.com");
    const { threadId, during } = await stopAfterFirstWords(cookie);
    expect(during).toBe(1);
    await llm.waitForAborts();
    await waitFor(async () => (await agentUsage(h, cookie)) === 0);
    const rows = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    expect(rows.map((r) => r.results.stopped)).toEqual([true]);

    // Its next reply reserves again, and is charged once it completes.
    replies.push({ kind: "text", text: "Once upon a time." });
    const next = await chat(h, "story-generator", cookie, say("Go on", threadId));
    expect(textOf(next.chunks)).toBe("Once upon a time.");
    expect(await agentUsage(h, cookie)).toBe(1);
    // Charged once: the turns after it are free.
    replies.push({ kind: "text", text: "The end." });
    const after = await chat(h, "story-generator", cookie, say("And then?", threadId));
    expect(textOf(after.chunks)).toBe("The end.");
    expect(await agentUsage(h, cookie)).toBe(1);
  });

  it("charges a conversation once when two replies of it, not yet charged, complete side by side", async () => {
    const { cookie } = await h.signIn("agents-side-by-side@acme.com");
    const { threadId } = await stopAfterFirstWords(cookie);
    await llm.waitForAborts();
    await waitFor(async () => (await agentUsage(h, cookie)) === 0);
    const both = await Promise.all([
      chat(h, "story-generator", cookie, say("Go on", threadId)),
      chat(h, "story-generator", cookie, say("Or another way", threadId)),
    ]);
    for (const reply of both) expect(partOf(reply.chunks, "finish")).toBeDefined();
    expect(await agentUsage(h, cookie)).toBe(1);
  });

  it("keeps a charged conversation charged when a regenerate of its only completed reply is stopped", async () => {
    const { cookie } = await h.signIn("agents-regenerate-stop@acme.com");
    replies.push({ kind: "text", text: "A first story." });
    const first = await chat(h, "story-generator", cookie, say("A story"));
    const meta = partOf(first.chunks, "start")?.messageMetadata as {
      threadId: string;
      entryId: string;
    };
    expect(await agentUsage(h, cookie)).toBe(1);
    // The regenerate of an already charged conversation holds no unit, and stopping it keeps the
    // charge: the conversation's next reply is not charged again.
    replies.push({ kind: "text", text: "one two three four five six seven eight", delayMs: 80 });
    const regenerate = {
      ...say("A story", meta.threadId),
      trigger: "regenerate-message",
      messageId: meta.entryId,
    };
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const controller = new AbortController();
    try {
      // biome-ignore lint/style/noRestrictedGlobals: the test's browser, talking to our own app on loopback
      const res = await fetch(`http://127.0.0.1:${port}/api/agents/story-generator/chat`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(regenerate),
        signal: controller.signal,
      });
      await readUntil(res.body?.getReader(), "text-delta");
      controller.abort();
    } finally {
      server.close();
    }
    await llm.waitForAborts();
    await waitFor(async () => {
      const body = await restoreThread(h, meta.threadId, cookie);
      return body.turns.length === 1 && body.turns[0]?.stopped === true;
    });
    replies.push({ kind: "text", text: "Another story." });
    const next = await chat(h, "story-generator", cookie, say("Another", meta.threadId));
    expect(textOf(next.chunks)).toBe("Another story.");
    expect(await agentUsage(h, cookie)).toBe(1);
  });

  it("lets no conversation of stopped replies go on past the limit", async () => {
    const { cookie } = await h.signIn("agents-stop-chain@acme.com");
    const { threadId } = await stopAfterFirstWords(cookie);
    await llm.waitForAborts();
    await waitFor(async () => (await agentUsage(h, cookie)) === 0);
    await usage.consume({
      deps: h.deps,
      caller: await callerOf(cookie),
      counter: "agentUsage",
      amount: LIMIT,
    });
    const refused = await chat(h, "story-generator", cookie, say("Go on", threadId));
    expect(refused.status).toBe(429);
    // The body names the counter that ran out (the card says "agent chats", not "searches").
    expect(JSON.parse(refused.text)).toMatchObject({
      error: { code: "quota_exceeded" },
      details: { counter: "agentUsage", limit: LIMIT, current: LIMIT },
    });
    expect(await agentUsage(h, cookie)).toBe(LIMIT);
  });

  it("holds the unit while a reply runs and gives it back when the model fails mid-reply", async () => {
    const { cookie, userId } = await h.signIn("agents-fail-mid@acme.com");
    replies.push({ kind: "fail-mid-stream", text: "one two three four five", afterChunks: 2 });
    replies.push({ kind: "fail-mid-stream", text: "one two three four five", afterChunks: 2 });
    replies.push({ kind: "fail-mid-stream", text: "one two three four five", afterChunks: 2 });
    const res = await h.request("/api/agents/writer/chat", {
      method: "POST",
      body: say("Write a haiku"),
      cookie,
    });
    const reader = res.body?.getReader();
    const seen = await readUntil(reader, "start");
    expect(await agentUsage(h, cookie)).toBe(1);
    const all = parseStream(await readUntil(reader, undefined, seen));
    expect(partOf(all, "error")).toBeDefined();
    expect(partOf(all, "finish")).toBeUndefined();
    expect(await agentUsage(h, cookie)).toBe(0);
    const rows = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    expect(rows).toHaveLength(0);
  });
});
