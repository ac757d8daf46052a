import { PRESET_AGENT_IDS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { restoreThread } from "../../../test/support/thread-api.ts";
import { presetAgent } from "../../ai/agents/presets.ts";
import * as history from "../history/history.service.ts";
import {
  agentUsage,
  chat,
  h,
  llm,
  offline,
  replies,
  say,
  threadIdOf,
  useAgentChats,
  userOf,
  userText,
} from "./agents-test-kit.ts";

/**
 * The agent routes besides the chat itself (agents-chat.test.ts): the list, agent conversations
 * in the history, and who may use them (G2).
 */

useAgentChats();

describe("GET /api/agents", () => {
  it("lists the 43 presets with what they need, and the caller's recent agents", async () => {
    const { cookie } = await h.signIn("agents-list@acme.com");
    const res = await h.request("/api/agents", { cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      agents: { id: string; available: boolean; icon: string; starters: string[] }[];
      modelConfigured: boolean;
      recent: string[];
    };
    expect(body.agents.map((a) => a.id)).toEqual([...PRESET_AGENT_IDS]);
    expect(body.modelConfigured).toBe(true);
    expect(body.agents.every((a) => a.available)).toBe(true);
    expect(body.recent).toEqual([]);
    expect(JSON.stringify(body)).not.toContain(presetAgent("writer")?.prompt.slice(0, 60));

    await chat(h, "maya", cookie, say("Plan my Sunday"));
    h.clock.advance(60_000);
    await chat(h, "eli5", cookie, say("Why is the sky blue?"));
    const again = (await (await h.request("/api/agents", { cookie })).json()) as {
      recent: string[];
    };
    expect(again.recent).toEqual(["eli5", "maya"]);
  });

  it("marks the agents that need a model when none is configured", async () => {
    const { cookie } = await offline.signIn("agents-offline-list@acme.com");
    const body = (await (await offline.request("/api/agents", { cookie })).json()) as {
      agents: { id: string; available: boolean }[];
      modelConfigured: boolean;
      needsModel: string;
    };
    expect(body.modelConfigured).toBe(false);
    const available = body.agents.filter((a) => a.available).map((a) => a.id);
    expect(available.sort()).toEqual(
      ["nexbuddy", "product_info", "quick-answer", "support", "url-qa"].sort(),
    );
    expect(body.needsModel).toContain("LLM_BASE_URL");
  });
});

describe("GET /api/history?kind=", () => {
  it("lists only agent conversations or only answer threads, also when searching", async () => {
    const { cookie } = await h.signIn("agents-kind@acme.com");
    const user = await userOf(cookie);
    await history.saveTurn({
      deps: h.deps,
      user,
      turn: {
        id: "kind-answer",
        userId: user.id,
        threadId: "kind-answer",
        timestamp: new Date(Date.now() - 60_000),
        query: "Why do tides happen?",
        results: { markdown: "The moon pulls the sea." },
      },
    });
    replies.push({ kind: "text", text: "The moon pulls the sea, gently." });
    const agentThread = threadIdOf(
      (await chat(h, "eli5", cookie, say("Why do tides happen?"))).chunks,
    );
    const ids = async (query: string) => {
      const res = await h.request(`/api/history${query}`, { cookie });
      expect(res.status, query).toBe(200);
      const body = (await res.json()) as { threads: { threadId: string }[] };
      return body.threads.map((t) => t.threadId);
    };
    expect((await ids("")).sort()).toEqual([agentThread, "kind-answer"].sort());
    expect(await ids("?kind=agent")).toEqual([agentThread]);
    expect(await ids("?kind=answer")).toEqual(["kind-answer"]);
    expect(await ids("?kind=agent&q=moon")).toEqual([agentThread]);
    expect(await ids("?kind=answer&q=moon")).toEqual(["kind-answer"]);
    expect((await h.request("/api/history?kind=bogus", { cookie })).status).toBe(400);
  });
});

describe("G2: who may use the agent routes", () => {
  it("answers 401 to anonymous callers and deleted users' cookies, 404 to unknown agents", async () => {
    for (const [path, method] of [
      ["/api/agents", "GET"],
      ["/api/agents/maya/chat", "POST"],
      ["/api/threads/abc", "GET"],
    ] as const) {
      const res = await h.request(path, {
        method,
        ...(method === "POST" ? { body: say("hi") } : {}),
      });
      expect(res.status, path).toBe(401);
    }
    const { cookie, userId } = await h.signIn("agents-deleted@acme.com");
    await h.db.db.delete(schema.users).where(eq(schema.users.id, userId));
    expect((await h.request("/api/agents", { cookie })).status).toBe(401);
    expect((await chat(h, "maya", cookie, say("hi"))).status).toBe(401);

    const owner = await h.signIn("agents-owner404@acme.com");
    for (const id of ["nope", "custom", "..", "MAYA", "deepresearch"])
      expect((await chat(h, id, owner.cookie, say("hi"))).status, id).toBe(404);
  });

  it("keeps a conversation its owner's: another user, another agent and an answer thread get 404", async () => {
    const owner = await h.signIn("agents-owner@acme.com");
    const other = await h.signIn("agents-other@acme.com");
    replies.push({ kind: "text", text: "Private reply." });
    const first = await chat(h, "therapist", owner.cookie, say("I feel tired"));
    const threadId = threadIdOf(first.chunks);
    const mine = await restoreThread(h, threadId, owner.cookie);
    expect(mine.status).toBe(200);
    // The thread API names its agent: the therapist's, not another's.
    expect(mine.subject?.id).toBe("therapist");
    expect((await restoreThread(h, threadId, other.cookie)).status).toBe(404);
    // Posting into another agent's conversation is refused too.
    expect((await chat(h, "maya", owner.cookie, say("hi", threadId))).status).toBe(404);
    // Another user naming the thread starts their own conversation and sees nothing of it.
    replies.push({ kind: "text", text: "Fresh." });
    const theirs = await chat(h, "therapist", other.cookie, say("hello", threadId));
    expect(theirs.status).toBe(200);
    const sent = JSON.stringify(llm.requests.at(-1)?.messages);
    expect(sent).not.toContain("I feel tired");
    expect(sent).not.toContain("Private reply.");
    const ownerRows = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(and(eq(schema.searchHistory.userId, owner.userId)));
    expect(ownerRows).toHaveLength(1);
  });

  it("refuses bad bodies with a clear message and changes nothing", async () => {
    const { cookie } = await h.signIn("agents-bad@acme.com");
    for (const body of [
      {},
      { messages: [] },
      { messages: [{ role: "user", parts: [] }] },
      { messages: [userText("x".repeat(5000))] },
      { messages: [userText("hi")], threadId: "../etc" },
      { messages: "hi" },
    ]) {
      const { status, text } = await chat(h, "maya", cookie, body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe("bad_request");
    }
    expect(llm.requests).toHaveLength(0);
    expect(await agentUsage(h, cookie)).toBe(0);
  });
});
