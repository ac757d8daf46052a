import { TIER_LIMITS, type UsageCounter } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { SessionUser } from "../../deps.ts";
import { parseStream, partOf } from "../answer/answer-test-kit.ts";
import * as usage from "./usage.service.ts";

/**
 * G9 through the routes: with one unit left, of 50 parallel starts exactly one runs and the
 * others get 429 quota_exceeded, for answers ("search") and uploads ("addFiles"). Agent
 * conversations: agents-quota.test.ts; custom agents: custom-agents-quota.test.ts.
 */

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream ? { kind: "text", text: "Tides follow the moon." } : { kind: "echo" },
  });
  searxng = await startFakeSearxng();
  h = await createHarness(
    {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "fake-model",
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searxng.url,
    },
    { jobs: true },
  );
});
afterAll(async () => {
  await h.close();
  await llm.close();
  await searxng.close();
});

/** A signed-in person with one unit of `counter` left. */
async function oneLeft(email: string, counter: UsageCounter) {
  const { cookie, userId } = await h.signIn(email);
  const caller = { user: { id: userId, tier: "free" } as SessionUser, anonId: null, ip: "::1" };
  const limit = TIER_LIMITS.free[counter];
  await usage.consume({ deps: h.deps, caller, counter, amount: limit - 1 });
  const used = async () => (await usage.check({ deps: h.deps, caller, counter })).current;
  return { cookie, limit, used };
}

describe("parallel starts with one unit left (G9)", () => {
  it("answers exactly one of 50 parallel questions; the rest get 429", async () => {
    const { cookie, limit, used } = await oneLeft("parallel-answers@acme.com", "search");
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await h.request("/api/answer", {
          method: "POST",
          body: { text: `Why are there tides, take ${i}?` },
          cookie,
        });
        return { status: res.status, text: await res.text() };
      }),
    );
    const answered = results.filter((r) => r.status === 200);
    expect(answered).toHaveLength(1);
    expect(partOf(parseStream(answered[0]?.text ?? ""), "finish")).toBeDefined();
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(49);
    for (const r of refused)
      expect(JSON.parse(r.text)).toMatchObject({ error: { code: "quota_exceeded" } });
    expect(await used()).toBe(limit);
  });

  it("accepts exactly one of 50 parallel uploads; the rest get 429 and store nothing", async () => {
    const { cookie, limit, used } = await oneLeft("parallel-uploads@acme.com", "addFiles");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        upload(h, cookie, `notes-${i}.txt`, `Notes number ${i} about tides.`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(49);
    const list = (await (await h.request("/api/files", { cookie })).json()) as {
      files: unknown[];
    };
    expect(list.files).toHaveLength(1);
    expect(await used()).toBe(limit);
  });
});
