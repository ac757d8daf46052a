import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { parseStream, textOf } from "../answer/answer-test-kit.ts";

/**
 * LLM_TOOLS=false: a model without function calling (many small local models). Agents still
 * chat, with no `tools` in the request, and their prompt says which tools they cannot use.
 */

let h: Harness;
let llm: FakeOpenAIServer;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: () => ({ kind: "text", text: "I cannot read pages here, but paste the text." }),
  });
  h = await createHarness({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: "small-local-model",
    LLM_TOOLS: "false",
  });
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

const say = (text: string) => ({
  id: "chat",
  messages: [{ role: "user", parts: [{ type: "text", text }] }],
});

describe("agents with a model that cannot call tools (LLM_TOOLS=false)", () => {
  it("reply without offering tools, and tell the model which ones it lacks", async () => {
    expect(h.deps.models.capabilities.tools).toBe(false);
    const { cookie } = await h.signIn("no-tools@acme.com");
    const res = await h.request("/api/agents/url-qa/chat", {
      method: "POST",
      body: say("What does https://example.com/tides say?"),
      cookie,
    });
    expect(res.status).toBe(200);
    const chunks = parseStream(await res.text());
    expect(textOf(chunks)).toBe("I cannot read pages here, but paste the text.");
    expect(chunks.some((c) => String(c.type).startsWith("tool-"))).toBe(false);
    const [request] = llm.requests;
    expect(request?.body.tools).toBeUndefined();
    const system = String(request?.messages[0]?.content);
    expect(system).toContain("cannot call tools, so you cannot use");
    expect(system).toContain("read-url");
    expect(system).not.toContain("Your tools here:");
  });
});
