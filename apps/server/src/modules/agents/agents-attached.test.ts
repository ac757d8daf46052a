import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { restoreThread } from "../../../test/support/thread-api.ts";
import { parseStream, textOf } from "../answer/answer-test-kit.ts";

/**
 * Agent chats (preset and custom) with files attached to the message (`fileIds`): the caller's
 * own ready files are searched first and given to the model, the message keeps its attachments,
 * and another person's file is refused without charging anything.
 */

const NOTES = `# Skerry light

The keeper of the Skerry light wound the clockwork every four hours through the night.
The lamp burned colza oil until 1904, when it was replaced by paraffin vapour.
`;
const BOBS = "Bob's lighthouse notes. The lamp burned whale oil, Bob wrote, in his own lighthouse.";

let h: Harness;
let offline: Harness;
let llm: FakeOpenAIServer;
const replies: FakeBehaviour[] = [];

async function addFile(harness: Harness, cookie: string, name: string, content: string) {
  const res = await upload(harness, cookie, name, content);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
  const { id } = (await res.json()) as { id: string };
  const events = await untilDone(harness, cookie, id);
  if (events.at(-1)?.data.type !== "ready") throw new Error(`${name} did not become ready`);
  return id;
}

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream ? (replies.shift() ?? { kind: "echo" }) : { kind: "echo" },
  });
  h = await createHarness({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" }, { jobs: true });
  offline = await createHarness({}, { jobs: true });
});
afterAll(async () => {
  await h.close();
  await offline.close();
  await llm.close();
});
beforeEach(() => {
  llm.reset();
  replies.length = 0;
});

const say = (text: string, fileIds?: string[], threadId?: string) => ({
  messages: [{ role: "user", parts: [{ type: "text", text }] }],
  ...(fileIds ? { fileIds } : {}),
  ...(threadId ? { threadId } : {}),
});

async function chat(harness: Harness, path: string, cookie: string | undefined, body: unknown) {
  const res = await harness.request(path, { method: "POST", body, ...(cookie ? { cookie } : {}) });
  const text = await res.text();
  return { status: res.status, text, chunks: res.status === 200 ? parseStream(text) : [] };
}

async function agentUsage(harness: Harness, cookie: string): Promise<number> {
  const res = await harness.request("/api/usage", { cookie });
  const body = (await res.json()) as { counters: { agentUsage: { current: number } } };
  return body.counters.agentUsage.current;
}

const threadIdOf = (chunks: ReturnType<typeof parseStream>) =>
  String(
    (chunks.find((c) => c.type === "start")?.messageMetadata as { threadId?: string } | undefined)
      ?.threadId,
  );

describe("agent chats with attached files", () => {
  it("a preset agent gets the owner's attached file as passages, saves the chips, charges once", async () => {
    const alice = await h.signIn("alice-agent-attach@acme.com");
    const notesId = await addFile(h, alice.cookie, "skerry-light.md", NOTES);
    replies.push({ kind: "text", text: "It burned colza oil [1]." });
    const first = await chat(
      h,
      "/api/agents/maya/chat",
      alice.cookie,
      say("What oil did the lamp burn?", [notesId]),
    );
    expect(first.status).toBe(200);
    expect(textOf(first.chunks)).toBe("It burned colza oil [1].");
    // The model was given the file's passage, numbered as the turn's first source.
    const system = String(llm.requests[0]?.messages[0]?.content);
    expect(system).toContain('"skerry-light.md"');
    expect(system).toContain("[1] skerry-light.md");
    expect(system).toContain("colza oil until 1904");
    const sources = first.chunks.filter((c) => c.type === "source-url");
    expect(sources[0]?.url).toMatch(
      new RegExp(`^/app/document-chat/${notesId}\\?chunk=\\d+&page=1$`),
    );
    expect(await agentUsage(h, alice.cookie)).toBe(1);

    const threadId = threadIdOf(first.chunks);
    replies.push({ kind: "text", text: "Paraffin vapour from 1904." });
    const second = await chat(
      h,
      "/api/agents/maya/chat",
      alice.cookie,
      say("And after?", [notesId], threadId),
    );
    expect(second.status).toBe(200);
    // One unit per conversation, attachments or not.
    expect(await agentUsage(h, alice.cookie)).toBe(1);

    const thread = await restoreThread(h, threadId, alice.cookie);
    expect(thread.subject?.id).toBe("maya");
    expect(thread.turns.map((t) => t.attachments)).toEqual([
      [{ id: notesId, name: "skerry-light.md" }],
      [{ id: notesId, name: "skerry-light.md" }],
    ]);
  });

  it("another person's file id is refused (404) and nothing is reserved or saved; anonymous is 401", async () => {
    const alice = await h.signIn("alice-agent-attach2@acme.com");
    const bob = await h.signIn("bob-agent-attach@acme.com");
    const bobsId = await addFile(h, bob.cookie, "bob-lighthouse.txt", BOBS);
    const refused = await chat(
      h,
      "/api/agents/maya/chat",
      alice.cookie,
      say("What oil?", [bobsId]),
    );
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain("whale");
    expect(llm.requests).toHaveLength(0);
    expect(await agentUsage(h, alice.cookie)).toBe(0);
    const listed = (await (await h.request("/api/history", { cookie: alice.cookie })).json()) as {
      threads: unknown[];
    };
    expect(listed.threads).toHaveLength(0);
    const anonymous = await chat(h, "/api/agents/maya/chat", undefined, say("What oil?", [bobsId]));
    expect(anonymous.status).toBe(401);
  });

  it("a custom agent searches the attached file first; the offline engine answers from it", async () => {
    for (const harness of [h, offline]) {
      const carol = await harness.signIn("carol-agent-attach@acme.com");
      const notesId = await addFile(harness, carol.cookie, "skerry-light.md", NOTES);
      const made = await harness.request("/api/custom-agents", {
        method: "POST",
        cookie: carol.cookie,
        body: {
          name: "Keeper",
          emoji: "🗼",
          color: "amber",
          description: "Knows lights.",
          instructions: "Answer briefly.",
          starters: [],
          tools: [],
          model: "default",
        },
      });
      expect(made.status).toBe(201);
      const { id } = (await made.json()) as { id: string };
      replies.push({ kind: "text", text: "Colza oil [1]." });
      const res = await chat(
        harness,
        `/api/custom-agents/${id}/chat`,
        carol.cookie,
        say("What oil did the lamp burn until 1904?", [notesId]),
      );
      expect(res.status).toBe(200);
      const step = res.chunks.find((c) => c.type === "tool-input-available");
      expect(step).toMatchObject({ toolName: "search-files" });
      expect(textOf(res.chunks)).toMatch(/colza/i);
      const threadId = threadIdOf(res.chunks);
      const thread = await restoreThread(harness, threadId, carol.cookie);
      expect(thread.status).toBe(200);
      expect(thread.subject?.id).toBe(`custom:${id}`);
      expect(thread.turns[0]?.attachments).toEqual([{ id: notesId, name: "skerry-light.md" }]);
    }
  });
});
