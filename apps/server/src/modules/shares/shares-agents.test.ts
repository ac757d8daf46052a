import { customAgentSubject, PRESET_AGENT_INFO, publicShareSchema } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { restoreThread } from "../../../test/support/thread-api.ts";
import { CUSTOM_AGENT_NOT_YOURS } from "./shares.agent.ts";
import { share } from "./shares-test-kit.ts";

/** Shares of agent conversations: the agent and its tool blocks kept; Continue keeps the agent. */

let h: Harness;
let owner: { cookie: string; userId: string };
let reader: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: "true" });
  owner = await h.signIn("agent-sharer@acme.com");
  reader = await h.signIn("agent-reader@acme.com");
});
afterAll(async () => {
  await h.close();
});

const toolPart = {
  type: "tool-web-search",
  toolCallId: "call-1",
  state: "output-available",
  input: { query: "tides" },
  output: { results: [{ title: "Tides", url: "https://example.com/t", snippet: "Moon." }] },
};

/** One saved agent turn, as the agent runner stores it (kind, subject, parts). */
async function saveAgentTurn(values: {
  id: string;
  threadId: string;
  subjectId: string;
  query: string;
  text: string;
  at: string;
}) {
  await h.db.db.insert(schema.searchHistory).values({
    id: values.id,
    userId: owner.userId,
    threadId: values.threadId,
    query: values.query,
    focusMode: "web",
    timestamp: new Date(values.at),
    kind: "agent",
    subjectId: values.subjectId,
    results: { markdown: values.text, sources: [], images: [], videos: [], thinking: "" },
    parts: [toolPart, { type: "text", text: values.text }],
  });
}

async function publicRead(shareId: string) {
  const res = await h.request(`/api/shares/${shareId}`, { forwardedFor: "10.0.9.1" });
  expect(res.status).toBe(200);
  return publicShareSchema.parse(await res.json());
}

async function copy(shareId: string, cookie?: string) {
  const res = await h.request(`/api/shares/${shareId}/copy`, { method: "POST", cookie });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function historyRowsOf(userId: string) {
  return h.db.db.select().from(schema.searchHistory).where(eq(schema.searchHistory.userId, userId));
}

describe("sharing a preset agent's conversation", () => {
  it("keeps the agent and its tool blocks; Continue is a conversation with that agent", async () => {
    await saveAgentTurn({
      id: "p1",
      threadId: "preset-t",
      subjectId: "eli5",
      query: "Why are there tides?",
      text: "The Moon pulls the sea.",
      at: "2026-03-01T10:00:00Z",
    });
    await saveAgentTurn({
      id: "p2",
      threadId: "preset-t",
      subjectId: "eli5",
      query: "And twice a day?",
      text: "The Earth turns under two bulges.",
      at: "2026-03-01T10:01:00Z",
    });
    const made = await share(h, owner.cookie, { threadId: "preset-t" });
    expect(made.status).toBe(201);

    const seen = await publicRead(made.shareId);
    if (seen.kind !== "thread") throw new Error("expected a thread share");
    expect(seen.thread.agent).toMatchObject({ agentId: "eli5", name: PRESET_AGENT_INFO.eli5.name });
    expect(seen.thread.agent?.icon).toMatch(/^[a-z0-9-]+$/);
    expect(seen.thread.messages.map((m) => m.parts?.[0])).toEqual([toolPart, toolPart]);

    expect((await copy(made.shareId)).status).toBe(401);
    const copied = await copy(made.shareId, reader.cookie);
    expect(copied.status).toBe(201);
    expect(copied.body.agentId).toBe("eli5");
    const threadId = String(copied.body.threadId);
    const conversation = await restoreThread(h, threadId, reader.cookie);
    expect(conversation.status).toBe(200);
    expect(conversation.subject?.id).toBe("eli5");
    const turns = conversation.turns;
    expect(turns.map((t) => t.text)).toEqual(["Why are there tides?", "And twice a day?"]);
    expect(turns[0]?.parts).toEqual([
      toolPart,
      { type: "text", text: "The Moon pulls the sea.", state: "done" },
    ]);
    // The owner's conversation is not the reader's: the copy is theirs alone.
    expect((await restoreThread(h, threadId, owner.cookie)).status).toBe(404);
  });

  it("shares one reply with its agent and parts; revoking it ends the link", async () => {
    const made = await share(h, owner.cookie, { entryId: "p1" });
    expect(made.status).toBe(201);
    const seen = await publicRead(made.shareId);
    if (seen.kind !== "answer") throw new Error("expected an answer share");
    expect(seen.answer.agent?.agentId).toBe("eli5");
    expect(seen.answer.parts?.[0]).toEqual(toolPart);
    const copied = await copy(made.shareId, reader.cookie);
    expect(copied.body.agentId).toBe("eli5");

    const foreign = await h.request(`/api/shares/${made.shareId}`, {
      method: "DELETE",
      cookie: reader.cookie,
    });
    expect(foreign.status).toBe(404);
    const anonymous = await h.request(`/api/shares/${made.shareId}`, { method: "DELETE" });
    expect(anonymous.status).toBe(401);
    const revoked = await h.request(`/api/shares/${made.shareId}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(revoked.status).toBe(204);
    const gone = await h.request(`/api/shares/${made.shareId}`, { forwardedFor: "10.0.9.2" });
    expect(gone.status).toBe(404);
  });
});

describe("sharing a custom agent's conversation", () => {
  it("names the agent; Continue works for a link holder and is refused plainly to others", async () => {
    const created = await h.request("/api/custom-agents", {
      method: "POST",
      cookie: owner.cookie,
      body: { name: "Tide Tutor", emoji: "🌊", color: "sky", instructions: "Teach tides." },
    });
    expect(created.status).toBe(201);
    const agentId = String(((await created.json()) as { id: string }).id);
    const subject = customAgentSubject(agentId);
    await saveAgentTurn({
      id: "c1",
      threadId: "custom-t",
      subjectId: subject,
      query: "What is a neap tide?",
      text: "A small tide.",
      at: "2026-03-02T10:00:00Z",
    });
    // History (and the sidebar's recent list) names the custom agent of the conversation.
    const listed = (await (await h.request("/api/history", { cookie: owner.cookie })).json()) as {
      threads: Array<{ threadId: string; kind: string; agentId: string; agentName: string }>;
    };
    expect(listed.threads.find((t) => t.threadId === "custom-t")).toMatchObject({
      kind: "agent",
      agentId: subject,
      agentName: "Tide Tutor",
    });
    const made = await share(h, owner.cookie, { threadId: "custom-t" });
    const seen = await publicRead(made.shareId);
    if (seen.kind !== "thread") throw new Error("expected a thread share");
    expect(seen.thread.agent).toEqual({
      agentId: subject,
      name: "Tide Tutor",
      emoji: "🌊",
      color: "sky",
    });

    const before = (await historyRowsOf(reader.userId)).length;
    const refused = await copy(made.shareId, reader.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ message: CUSTOM_AGENT_NOT_YOURS });
    expect((await historyRowsOf(reader.userId)).length).toBe(before);

    const shared = await h.request(`/api/custom-agents/${agentId}/share`, {
      method: "POST",
      cookie: owner.cookie,
    });
    const token = String(((await shared.json()) as { sharePath: string }).sharePath)
      .split("/")
      .pop();
    const accepted = await h.request(`/api/custom-agents/shared/${token}`, {
      method: "POST",
      cookie: reader.cookie,
    });
    expect(accepted.status).toBe(200);
    const copied = await copy(made.shareId, reader.cookie);
    expect(copied.status).toBe(201);
    expect(copied.body.agentId).toBe(subject);
    const conversation = await restoreThread(h, String(copied.body.threadId), reader.cookie);
    expect(conversation.status).toBe(200);
    expect(conversation.subject?.id).toBe(subject);
  });
});

describe("renaming and deleting an agent conversation", () => {
  it("lets only its owner rename and delete it; deleting ends its share", async () => {
    await saveAgentTurn({
      id: "r1",
      threadId: "rename-t",
      subjectId: "eli5",
      query: "What is a wave?",
      text: "Energy moving through water.",
      at: "2026-03-03T10:00:00Z",
    });
    const made = await share(h, owner.cookie, { threadId: "rename-t" });
    const path = "/api/threads/rename-t";
    const rename = (cookie?: string) =>
      h.request(`${path}/title`, { method: "PUT", cookie, body: { title: "Waves" } });
    expect((await rename()).status).toBe(401);
    expect((await rename(reader.cookie)).status).toBe(404);
    expect((await rename(owner.cookie)).status).toBe(200);
    const title = await h.request(`${path}/title`, { cookie: owner.cookie });
    expect(await title.json()).toMatchObject({ title: "Waves", renamed: true });

    expect((await h.request(path, { method: "DELETE" })).status).toBe(401);
    expect((await h.request(path, { method: "DELETE", cookie: reader.cookie })).status).toBe(404);
    expect((await h.request(path, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    const gone = await h.request(`/api/shares/${made.shareId}`, { forwardedFor: "10.0.9.3" });
    expect(gone.status).toBe(404);
  });
});
