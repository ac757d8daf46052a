import { RESEARCH_EVENTS, type ResearchStep } from "@nexus/contracts";
import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { Caller } from "../../deps.ts";
import {
  callerOf,
  corpusOf,
  defaultScript,
  type ModelScript,
  modelHandler,
  PAGE_HOST,
  type Pages,
  resolveToPages,
  startPages,
} from "./research-engine-kit.ts";

/**
 * The research engine tests with a model (research-engine.test.ts, research-engine-guards.test.ts):
 * a server with the fake model and a fake SearXNG whose results are stand-in pages. A test file
 * calls useModelResearch() once; the bindings below are set before its tests run, and reset before
 * each (the script to the careful model's, the corpus to pages alpha, beta, gamma and a missing one).
 */

export let h: Harness;
export let llm: FakeOpenAIServer;
export let searxng: FakeSearxng;
export let pages: Pages;
export let caller: Caller;
/** What the fake model answers (change its fields in a test). */
export let script: ModelScript;

export function useModelResearch(): void {
  beforeAll(async () => {
    pages = await startPages();
    llm = await startFakeOpenAIServer({ handler: modelHandler(() => script) });
    searxng = await startFakeSearxng({ corpus: { general: [] } });
    h = await createHarness(
      {
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODEL: "fake-model",
        SEARCH_PROVIDER: "searxng",
        SEARXNG_URL: searxng.url,
      },
      { webFetch: { resolve: resolveToPages, allowAddresses: [PAGE_HOST] } },
    );
    caller = await callerOf(h, "researcher@example.com");
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
    await searxng.close();
    await pages.close();
  });
  beforeEach(() => {
    llm.reset();
    script = defaultScript();
    pages.hits.length = 0;
    pages.onHit = null;
    pages.delayMs = 0;
    searxng.corpus.general = corpusOf(pages, ["alpha", "beta", "gamma", "missing"]);
  });
}

export const QUESTION = "How well are solar panels recycled today?";

export const stepsOf = (
  events: ReadonlyArray<{ type: string; payload: Record<string, unknown> }>,
) =>
  events
    .filter((e) => e.type === RESEARCH_EVENTS.step)
    .map((e) => e.payload as unknown as ResearchStep);
