import { customAgentSubject } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { restoreThread } from "../../../test/support/thread-api.ts";
import { parseStream, partOf, textOf } from "../answer/answer-test-kit.ts";

/** Custom agents: a person's own, shared by link (use, not change), and chats with them. */

let h: Harness;
let offline: Harness;
let llm: FakeOpenAIServer;
let replies: FakeBehaviour[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream ? (replies.shift() ?? { kind: "echo" }) : { kind: "echo" },
  });
  h = await createHarness({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" });
  offline = await createHarness();
});
afterAll(async () => {
  await h.close();
  await offline.close();
  await llm.close();
});
beforeEach(() => {
  llm.reset();
  replies = [];
});

const PIRATE = {
  name: "Pirate Poet",
  emoji: "🏴‍☠️",
  color: "amber",
  description: "Answers in pirate verse.",
  instructions: "Always answer as a pirate, in rhyme.",
  starters: ["Tell me about the sea"],
  tools: [],
  model: "default",
};

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

type Agent = {
  id: string;
  instructions: string | null;
  sharePath: string | null;
  isOwner: boolean;
};

async function createAgent(harness: Harness, cookie: string, body: unknown = PIRATE) {
  const res = await harness.request("/api/custom-agents", { method: "POST", body, cookie });
  return { status: res.status, agent: res.status === 201 ? await json<Agent>(res) : null, res };
}

const say = (text: string, threadId?: string) => ({
  messages: [{ role: "user", parts: [{ type: "text", text }] }],
  ...(threadId ? { threadId } : {}),
});

async function chat(harness: Harness, id: string, cookie: string, body: unknown) {
  const res = await harness.request(`/api/custom-agents/${id}/chat`, {
    method: "POST",
    body,
    cookie,
  });
  const text = await res.text();
  return { status: res.status, text, chunks: res.status === 200 ? parseStream(text) : [] };
}

describe("custom agents", () => {
  it("are created, chat with their own instructions, are edited and the next reply follows the new ones", async () => {
    const { cookie } = await h.signIn("custom-owner@acme.com");
    const { status, agent } = await createAgent(h, cookie);
    expect(status).toBe(201);
    expect(agent).toMatchObject({
      isOwner: true,
      instructions: PIRATE.instructions,
      sharePath: null,
    });
    const id = agent?.id ?? "";

    replies.push({ kind: "text", text: "Arr, the sea be wide." });
    const first = await chat(h, id, cookie, say("Tell me about the sea"));
    expect(first.status).toBe(200);
    expect(textOf(first.chunks)).toBe("Arr, the sea be wide.");
    expect(String(llm.requests.at(-1)?.messages[0]?.content)).toContain(PIRATE.instructions);
    const meta = partOf(first.chunks, "start")?.messageMetadata as {
      agentId: string;
      threadId: string;
    };
    expect(meta.agentId).toBe(customAgentSubject(id));

    const changed = { ...PIRATE, instructions: "Answer only in haiku." };
    const put = await h.request(`/api/custom-agents/${id}`, {
      method: "PUT",
      body: changed,
      cookie,
    });
    expect(put.status).toBe(200);
    replies.push({ kind: "text", text: "Waves fold into foam" });
    await chat(h, id, cookie, say("And the tide?", meta.threadId));
    const system = String(llm.requests.at(-1)?.messages[0]?.content);
    expect(system).toContain("Answer only in haiku.");
    expect(system).not.toContain(PIRATE.instructions);

    const restored = await restoreThread(h, meta.threadId, cookie);
    expect(restored.status).toBe(200);
    expect(restored.subject?.id).toBe(customAgentSubject(id));
    expect(restored.turns).toHaveLength(2);
  });

  it("are private until shared: then a holder can use and duplicate them but not change them", async () => {
    const owner = await h.signIn("custom-share-owner@acme.com");
    const other = await h.signIn("custom-share-other@acme.com");
    const { agent } = await createAgent(h, owner.cookie);
    const id = agent?.id ?? "";
    const path = `/api/custom-agents/${id}`;
    expect((await h.request(path, { cookie: other.cookie })).status).toBe(404);
    expect((await chat(h, id, other.cookie, say("hi"))).status).toBe(404);

    const shared = await json<Agent>(
      await h.request(`${path}/share`, { method: "POST", cookie: owner.cookie }),
    );
    expect(shared.sharePath).toMatch(/^\/app\/agents\/custom\/shared\/[A-Za-z0-9_-]{22}$/);
    const token = shared.sharePath?.split("/").pop() ?? "";
    // Anyone holding the link, signed in or not, sees the agent's card: never its instructions.
    const preview = await h.request(`/api/custom-agents/shared/${token}/preview`);
    expect(preview.status).toBe(200);
    expect(await json<Record<string, unknown>>(preview)).toEqual({
      name: PIRATE.name,
      emoji: PIRATE.emoji,
      color: PIRATE.color,
      description: PIRATE.description,
      starters: PIRATE.starters,
      ownerName: "Custom Share Owner",
      knowledgeCount: 0,
    });
    expect((await h.request(`/api/custom-agents/shared/${"x".repeat(22)}/preview`)).status).toBe(
      404,
    );
    // Knowing the agent's id is not enough: the link is what grants it.
    expect((await h.request(path, { cookie: other.cookie })).status).toBe(404);
    const accepted = await h.request(`/api/custom-agents/shared/${token}`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect(accepted.status).toBe(200);
    const seen = await json<Agent>(accepted);
    expect(seen).toMatchObject({ id, isOwner: false, instructions: null, sharePath: null });

    replies.push({ kind: "text", text: "Ahoy, friend." });
    const used = await chat(h, id, other.cookie, say("hi"));
    expect(textOf(used.chunks)).toBe("Ahoy, friend.");
    const listed = await json<{ sharedWithMe: Agent[] }>(
      await h.request("/api/custom-agents", { cookie: other.cookie }),
    );
    expect(listed.sharedWithMe.map((a) => a.id)).toEqual([id]);

    const edit = await h.request(path, { method: "PUT", body: PIRATE, cookie: other.cookie });
    expect(edit.status).toBe(403);
    expect((await h.request(path, { method: "DELETE", cookie: other.cookie })).status).toBe(403);
    expect(
      (await h.request(`${path}/share`, { method: "POST", cookie: other.cookie })).status,
    ).toBe(403);
    expect((await h.request(`${path}/export`, { cookie: other.cookie })).status).toBe(403);
    const copy = await h.request(`${path}/duplicate`, { method: "POST", cookie: other.cookie });
    expect(copy.status).toBe(201);
    expect(await json<Agent & { name: string }>(copy)).toMatchObject({
      isOwner: true,
      name: "Pirate Poet (copy)",
      instructions: PIRATE.instructions,
    });

    // Revoking the link takes the agent away from its holders.
    await h.request(`${path}/share`, { method: "DELETE", cookie: owner.cookie });
    expect((await h.request(path, { cookie: other.cookie })).status).toBe(404);
    expect(
      (
        await h.request(`/api/custom-agents/shared/${token}`, {
          method: "POST",
          cookie: other.cookie,
        })
      ).status,
    ).toBe(404);
    expect((await h.request(`/api/custom-agents/shared/${token}/preview`)).status).toBe(404);
  });

  it("deleting keeps its conversations in history; export and import round-trip", async () => {
    const { cookie, userId } = await h.signIn("custom-delete@acme.com");
    const { agent } = await createAgent(h, cookie);
    const id = agent?.id ?? "";
    const exported = await json<unknown>(
      await h.request(`/api/custom-agents/${id}/export`, { cookie }),
    );
    expect(exported).toMatchObject({
      format: "nexus-custom-agent",
      version: 2,
      agent: { name: "Pirate Poet" },
      knowledge: [],
    });
    replies.push({ kind: "text", text: "Yo ho." });
    const { chunks } = await chat(h, id, cookie, say("hello"));
    const start = partOf(chunks, "start")?.messageMetadata as { threadId?: string } | undefined;
    const threadId = start?.threadId ?? "";
    expect((await h.request(`/api/custom-agents/${id}`, { method: "DELETE", cookie })).status).toBe(
      204,
    );
    expect((await h.request(`/api/custom-agents/${id}`, { cookie })).status).toBe(404);
    const rows = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    expect(rows.map((r) => r.subjectId)).toEqual([customAgentSubject(id)]);
    // History keeps the conversation after its agent is gone.
    expect((await restoreThread(h, threadId, cookie)).status).toBe(200);

    const imported = await h.request("/api/custom-agents/import", {
      method: "POST",
      body: exported,
      cookie,
    });
    expect(imported.status).toBe(201);
    expect(await json<{ name: string; id: string }>(imported)).toMatchObject({
      name: "Pirate Poet",
    });
  });

  it("refuses bad definitions with the field named, and changes nothing", async () => {
    const { cookie } = await h.signIn("custom-bad@acme.com");
    for (const body of [
      { ...PIRATE, name: "" },
      { ...PIRATE, instructions: "x".repeat(8001) },
      { ...PIRATE, emoji: "AB" },
      { ...PIRATE, color: "plaid" },
      { ...PIRATE, starters: ["a", "b", "c", "d", "e"] },
      { ...PIRATE, tools: ["web-search", "web-search"] },
      { ...PIRATE, tools: ["search-files"] },
      { ...PIRATE, owner: "someone" },
    ]) {
      const { status, res } = await createAgent(h, cookie, body);
      expect(status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await res.json()) as { error: { code: string } }).toMatchObject({
        error: { code: "bad_request" },
      });
    }
    const list = await json<{ own: unknown[] }>(await h.request("/api/custom-agents", { cookie }));
    expect(list.own).toHaveLength(0);
    expect(
      (
        await h.request("/api/custom-agents/import", {
          method: "POST",
          body: { agent: PIRATE },
          cookie,
        })
      ).status,
    ).toBe(400);
  });

  it("needs a model: offline, a chat says what to configure", async () => {
    const { cookie } = await offline.signIn("custom-offline@acme.com");
    const { agent } = await createAgent(offline, cookie);
    const { status, text } = await chat(offline, agent?.id ?? "", cookie, say("hi"));
    expect(status).toBe(409);
    expect(JSON.parse(text)).toMatchObject({ error: { code: "needs_model" } });
  });

  it("answers 401 to anonymous callers and 404 to ids that are not custom agents", async () => {
    expect((await h.request("/api/custom-agents")).status).toBe(401);
    expect((await h.request("/api/custom-agents", { method: "POST", body: PIRATE })).status).toBe(
      401,
    );
    const { cookie } = await h.signIn("custom-404@acme.com");
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000", "maya"])
      expect((await h.request(`/api/custom-agents/${id}`, { cookie })).status, id).toBe(404);
    expect(
      (await h.request("/api/custom-agents/shared/not-a-token", { method: "POST", cookie })).status,
    ).toBe(404);
  });
});
