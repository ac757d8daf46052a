import { TIER_LIMITS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { SessionUser } from "../../deps.ts";
import { parseStream, partOf } from "../answer/answer-test-kit.ts";
import * as usage from "../usage/usage.service.ts";
import { MAX_CUSTOM_AGENTS } from "./custom-agents.service.ts";

/** G9: the custom-agent cap and a custom agent's conversations hold under parallel requests. */

let h: Harness;
let llm: FakeOpenAIServer;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({ handler: () => ({ kind: "echo" }) });
  h = await createHarness({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" });
});
afterAll(async () => {
  await h.close();
  await llm.close();
});

const agent = (i: number) => ({
  name: `Helper ${i}`,
  emoji: "🤖",
  color: "amber",
  description: "Helps.",
  instructions: "Help briefly.",
  starters: [],
  tools: [],
  model: "default",
});

const create = (cookie: string, i: number) =>
  h.request("/api/custom-agents", { method: "POST", body: agent(i), cookie });

describe("custom agents under parallel requests (G9)", () => {
  it(`keeps exactly ${MAX_CUSTOM_AGENTS} of 130 parallel creates`, async () => {
    const { cookie, userId } = await h.signIn("custom-cap@acme.com");
    const results = await Promise.all(Array.from({ length: 130 }, (_, i) => create(cookie, i)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_CUSTOM_AGENTS);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(130 - MAX_CUSTOM_AGENTS);
    expect(await refused[0]?.json()).toMatchObject({
      error: {
        code: "conflict",
        message: `You can keep at most ${MAX_CUSTOM_AGENTS} custom agents.`,
      },
    });
    const rows = await h.db.db
      .select({ id: schema.customAgents.id })
      .from(schema.customAgents)
      .where(eq(schema.customAgents.ownerId, userId));
    expect(rows).toHaveLength(MAX_CUSTOM_AGENTS);
    // Another person's cap is their own.
    const other = await h.signIn("custom-cap-other@acme.com");
    expect((await create(other.cookie, 0)).status).toBe(201);
  }, 60_000);

  it("starts exactly one of 10 parallel custom-agent conversations with one agentUsage unit left", async () => {
    const { cookie, userId } = await h.signIn("custom-quota@acme.com");
    const made = (await (await create(cookie, 1)).json()) as { id: string };
    const user = { id: userId, tier: "free" } as SessionUser;
    const limit = TIER_LIMITS.free.agentUsage;
    const caller = { user, anonId: null, ip: "127.0.0.1" };
    await usage.consume({ deps: h.deps, caller, counter: "agentUsage", amount: limit - 1 });
    const results = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await h.request(`/api/custom-agents/${made.id}/chat`, {
          method: "POST",
          body: { messages: [{ role: "user", parts: [{ type: "text", text: `Hi ${i}` }] }] },
          cookie,
        });
        return { status: res.status, text: await res.text() };
      }),
    );
    const streamed = results.filter((r) => r.status === 200);
    expect(streamed).toHaveLength(1);
    expect(partOf(parseStream(streamed[0]?.text ?? ""), "finish")).toBeDefined();
    expect(results.filter((r) => r.status === 429)).toHaveLength(9);
    expect((await usage.check({ deps: h.deps, caller, counter: "agentUsage" })).current).toBe(
      limit,
    );
  });
});
