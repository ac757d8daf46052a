import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { parseStream, partOf } from "../answer/answer-test-kit.ts";

/**
 * What the tests of custom agents' knowledge files share (custom-agents-knowledge*.test.ts): a
 * server with a fake model (`h`) and one without (`offline`), the files, and the agent's routes.
 * A test file calls useKnowledgeServers() once; the bindings below are set before its tests run.
 */

export const PDF = "file_pdfjs_test.pdf";
/** Page 5 of the PDF (MANIFEST.md). */
export const PASSAGE = "Reftest is your best bet";
/** Another file of the owner, with the same words: found only if the scope leaked. */
export const OTHER = "other-notes.txt";
export const OTHER_TEXT =
  "Reftest is your best bet, says the zeppelin harbour log. Zeppelin harbour notes are private.";

export let h: Harness;
export let offline: Harness;
export let llm: FakeOpenAIServer;
/** The model's next streamed replies, in order (then it echoes). */
export const replies: FakeBehaviour[] = [];

/**
 * Starts the fake model and the servers for this test file (`offline` too, when asked), and resets
 * the fake before each test.
 */
export function useKnowledgeServers(options: { offline: boolean }): void {
  beforeAll(async () => {
    llm = await startFakeOpenAIServer({
      handler: (request) =>
        request.stream ? (replies.shift() ?? { kind: "echo" }) : { kind: "echo" },
    });
    h = await createHarness({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" }, { jobs: true });
    await indexKnowledgeBase({ db: h.db.db });
    if (options.offline) offline = await createHarness({}, { jobs: true });
  });
  afterAll(async () => {
    await h.close();
    if (options.offline) await offline.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.reset();
    replies.length = 0;
  });
}

export const AGENT = {
  name: "Test Guide",
  emoji: "🧪",
  color: "teal",
  description: "Knows the test guide.",
  instructions: "Answer from the test guide.",
  starters: [],
  tools: [],
  model: "default",
};

export type Knowledge = { id: string; name: string; status: string; pages: number | null };
export type Agent = {
  id: string;
  name: string;
  isOwner: boolean;
  sharePath: string | null;
  knowledgeFiles: Knowledge[] | null;
  knowledgeCount: number;
  available: boolean;
};
export type Passage = { n: number | null; title: string; url: string; text: string };

export async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Uploads a file and waits until it is read; its id. */
export async function ready(
  harness: Harness,
  cookie: string,
  name: string,
  content: string | Uint8Array,
) {
  const res = await upload(harness, cookie, name, content);
  expect(res.status).toBe(201);
  const { id } = await json<{ id: string }>(res);
  const events = await untilDone(harness, cookie, id);
  expect(events.at(-1)?.data.type).toBe("ready");
  return id;
}

export async function createAgent(harness: Harness, cookie: string, body: unknown) {
  const res = await harness.request("/api/custom-agents", { method: "POST", body, cookie });
  return { status: res.status, body: await json<Agent & { error?: { message: string } }>(res) };
}

export const say = (text: string, threadId?: string) => ({
  messages: [{ role: "user", parts: [{ type: "text", text }] }],
  ...(threadId ? { threadId } : {}),
});

export async function chat(harness: Harness, id: string, cookie: string, text: string) {
  const res = await harness.request(`/api/custom-agents/${id}/chat`, {
    method: "POST",
    body: say(text),
    cookie,
  });
  const raw = await res.text();
  return { status: res.status, raw, chunks: res.status === 200 ? parseStream(raw) : [] };
}

export const passagesOf = (chunks: ReturnType<typeof parseStream>) =>
  (partOf(chunks, "tool-output-available")?.output as { results: Passage[] } | undefined)
    ?.results ?? [];
