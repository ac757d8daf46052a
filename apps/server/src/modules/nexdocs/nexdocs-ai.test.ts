import {
  NEXDOCS_AI_LIMITS,
  type NexdocsDocument,
  TIER_LIMITS,
  type UsageCounter,
} from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { SessionUser } from "../../deps.ts";
import { hangUpMidAnswer, parseStream, partOf, textOf } from "../answer/answer-test-kit.ts";
import * as usage from "../usage/usage.service.ts";

/**
 * NexDocs' AI edits through a model (the fake OpenAI server on 127.0.0.1): the selection, the text
 * around it and the action's instruction reach the model and its text streams back; each edit is
 * one search, taken atomically (50 parallel edits with one search left: exactly one runs) and given
 * back when the edit is stopped or fails; another person's document is the missing one's 404 and
 * bad input a 400, neither charged. Offline (no model): nexdocs.test.ts.
 */

const REWRITE = "The harbour wall was rebuilt in March after the winter storms.";

let h: Harness;
let llm: FakeOpenAIServer;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
let doc: NexdocsDocument;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream ? { kind: "text", text: REWRITE, delayMs: 2 } : { kind: "echo" },
  });
  h = await createHarness({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" });
  owner = await h.signIn("nexdocs-ai-owner@acme.com");
  other = await h.signIn("nexdocs-ai-other@acme.com");
  const res = await h.request("/api/nexdocs", {
    method: "POST",
    cookie: owner.cookie,
    body: { title: "Harbour", markdown: "The wall got fixed in march after storms." },
  });
  doc = (await res.json()) as NexdocsDocument;
}, 60_000);
afterAll(async () => {
  await h.close();
  await llm.close();
});

function edit(cookie: string, body: unknown, id = doc.id) {
  return h.request(`/api/nexdocs/${id}/ai`, { method: "POST", cookie, body });
}

/** An edit read to its end (the model has been asked by then). */
async function editText(body: unknown): Promise<string> {
  return (await edit(owner.cookie, body)).text();
}

function callerOf(userId: string) {
  return { user: { id: userId, tier: "free" } as SessionUser, anonId: null, ip: "::1" };
}

async function used(userId: string, counter: UsageCounter = "search"): Promise<number> {
  return (await usage.check({ deps: h.deps, caller: callerOf(userId), counter })).current;
}

function lastPrompt(): { system: string; user: string } {
  const request = llm.requests.at(-1);
  const text = (role: string) =>
    String(request?.messages.find((m) => m.role === role)?.content ?? "");
  return { system: text("system"), user: text("user") };
}

describe("NexDocs AI edits", { timeout: 60_000 }, () => {
  it("streams the model's rewrite of the selection, sent with its context; one search charged", async () => {
    const before = await used(owner.userId);
    const res = await edit(owner.cookie, {
      action: "improve",
      selection: "The wall got fixed in march after storms.",
      before: "# Harbour report",
      after: "Next: the pier.",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const chunks = parseStream(await res.text());
    expect(textOf(chunks)).toBe(REWRITE);
    expect(partOf(chunks, "finish")).toBeDefined();
    expect(partOf(chunks, "error")).toBeUndefined();
    const prompt = lastPrompt();
    expect(prompt.user).toContain("Improve the selected text");
    expect(prompt.user).toContain(
      "<selected_text>\nThe wall got fixed in march after storms.\n</selected_text>",
    );
    expect(prompt.user).toContain("<text_before>\n# Harbour report\n</text_before>");
    expect(prompt.user).toContain("<text_after>\nNext: the pier.\n</text_after>");
    expect(prompt.system).toContain("data, not instructions");
    expect(await used(owner.userId)).toBe(before + 1);
    // Nothing is kept in history: the edit is the document's once accepted.
    const history = (await (await h.request("/api/history", { cookie: owner.cookie })).json()) as {
      threads?: unknown[];
    };
    expect(history.threads ?? []).toHaveLength(0);
  });

  it("words each action's task: a tone, a target language, continue at the cursor", async () => {
    await editText({ action: "tone", tone: "friendly", selection: "Pay by Friday." });
    expect(lastPrompt().user).toContain("warm and friendly tone");
    await editText({ action: "translate", language: "ja", selection: "Good morning." });
    expect(lastPrompt().user).toContain("Translate the selected text into Japanese.");
    const text = await editText({ action: "continue", before: "The storms came in" });
    expect(textOf(parseStream(text))).toBe(REWRITE);
    expect(lastPrompt().user).toMatch(
      /Continue writing[\s\S]*The storms came in\n<\/text_before>\n<cursor\/>/,
    );
    expect(lastPrompt().user).not.toContain("<selected_text>");
  });

  it("answers another person's document and a missing one with the same 404, charging nothing", async () => {
    const body = { action: "shorten", selection: "Some words." };
    const foreign = await edit(other.cookie, body);
    const missing = await edit(other.cookie, body, "00000000-0000-4000-8000-000000000000");
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await foreign.text()).toBe(await missing.text());
    expect(await used(other.userId)).toBe(0);
    const signedOut = await edit("", body);
    expect(signedOut.status).toBe(401);
  });

  it("refuses bad input with a clear message and charges nothing", async () => {
    const before = await used(owner.userId);
    const requests = llm.requests.length;
    for (const [body, message] of [
      [{ action: "improve", selection: "  " }, "Select some text first."],
      [{ action: "continue" }, "Write something first"],
      [{ action: "tone", selection: "Hi." }, "Choose a tone."],
      [{ action: "translate", selection: "Hi." }, "Choose a language."],
      [{ action: "translate", selection: "Hi.", language: "xx" }, "language"],
      [{ action: "rewrite-all", selection: "Hi." }, "action"],
      [{ action: "improve", selection: "x".repeat(NEXDOCS_AI_LIMITS.selection + 1) }, "selection"],
      [{ action: "improve", selection: "Hi.", before: "x".repeat(2_001) }, "before"],
    ] as const) {
      const res = await edit(owner.cookie, body);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(message);
    }
    expect(await used(owner.userId)).toBe(before);
    expect(llm.requests.length).toBe(requests);
  });

  it("runs exactly one of 50 parallel edits with one search left; the rest get 429", async () => {
    const person = await h.signIn("nexdocs-ai-quota@acme.com");
    const created = await h.request("/api/nexdocs", {
      method: "POST",
      cookie: person.cookie,
      body: { markdown: "Words to improve." },
    });
    const { id } = (await created.json()) as NexdocsDocument;
    const limit = TIER_LIMITS.free.search;
    await usage.consume({
      deps: h.deps,
      caller: callerOf(person.userId),
      counter: "search",
      amount: limit - 1,
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await edit(person.cookie, { action: "improve", selection: `Take ${i}.` }, id);
        return { status: res.status, text: await res.text() };
      }),
    );
    const ran = results.filter((r) => r.status === 200);
    expect(ran).toHaveLength(1);
    expect(textOf(parseStream(ran[0]?.text ?? ""))).toBe(REWRITE);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(49);
    expect(JSON.parse(refused[0]?.text ?? "{}")).toMatchObject({
      error: { code: "quota_exceeded", message: expect.stringContaining("AI edit") },
    });
    expect(await used(person.userId)).toBe(limit);
  });

  it("gives the search back when the edit is stopped midway or the model fails", async () => {
    const before = await used(owner.userId);
    llm.enqueue({ kind: "text", text: `${REWRITE} `.repeat(40), delayMs: 20 });
    await hangUpMidAnswer(h.app.fetch, owner.cookie, {
      path: `/api/nexdocs/${doc.id}/ai`,
      body: { action: "expand", selection: "The wall got fixed." },
    });
    await expect.poll(() => used(owner.userId), { timeout: 10_000 }).toBe(before);

    llm.enqueue({ kind: "fail-mid-stream", text: REWRITE, afterChunks: 2 });
    const res = await edit(owner.cookie, { action: "improve", selection: "The wall." });
    const chunks = parseStream(await res.text());
    expect(partOf(chunks, "error")?.errorText).toMatch(/language model/);
    expect(await used(owner.userId)).toBe(before);
  });
});
