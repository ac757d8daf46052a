import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { share } from "../shares/shares-test-kit.ts";
import { parseStream, partOf } from "./answer-test-kit.ts";

// Issue 38: a model's answer has its citations checked against the sources it was given; an
// invented citation is marked unverified, and the marks are kept with the saved turn.

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
const answers: FakeBehaviour[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) => {
      if (request.stream) return answers.shift() ?? { kind: "echo" };
      const system = JSON.stringify(request.messages[0]?.content ?? "");
      const prompt = JSON.stringify(request.messages.at(-1)?.content ?? "");
      if (system.includes("standalone"))
        return {
          kind: "text",
          text: prompt.includes("marées") ? "marées lune" : "tides of the moon",
        };
      // Related questions: the fake model follows the prompt's language rule as a model would.
      if (system.includes("language of the question") && prompt.includes("marées"))
        return {
          kind: "text",
          text: "Pourquoi y a-t-il deux marées par jour ?\nQuelle est la hauteur des marées ?\nQuand la marée est-elle basse ?",
        };
      return { kind: "text", text: "Why?\nHow high?\nWhen?" };
    },
  });
  searxng = await startFakeSearxng();
  h = await createHarness({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: "fake-model",
    SEARCH_PROVIDER: "searxng",
    SEARXNG_URL: searxng.url,
  });
});
afterAll(async () => {
  await h.close();
  await llm.close();
  await searxng.close();
});

interface Check {
  source: number;
  occurrence: number;
  verified: boolean;
  match: string;
  passage: string;
  sentence: string;
}

describe("citation checks of a model's answer", () => {
  it("marks a supported citation verified and an invented one unverified, and saves both", async () => {
    const { cookie, userId } = await h.signIn("answer-cite@acme.com");
    answers.push({
      kind: "text",
      text: "Passage 1 is about tides of the moon [1]. The moon is made of green cheese [2].",
    });
    const res = await h.request("/api/answer", {
      method: "POST",
      body: { text: "What causes tides?" },
      cookie,
    });
    const chunks = parseStream(await res.text());
    const checks = partOf(chunks, "data-citation-checks")?.data as Check[];
    expect(checks).toHaveLength(2);
    expect(checks[0]).toMatchObject({ source: 1, occurrence: 0, verified: true });
    expect(checks[0]?.passage).toContain("Passage 1 about");
    expect(checks[1]).toMatchObject({ source: 2, verified: false, match: "none" });
    expect(checks[1]?.sentence).toBe("The moon is made of green cheese");
    // Before the finish part, and kept with the turn (history, threads and shares read parts).
    const types = chunks.map((c) => c.type);
    expect(types.indexOf("data-citation-checks")).toBeLessThan(types.indexOf("finish"));
    const [row] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, userId));
    const saved = ((row?.parts ?? []) as { type: string; data?: unknown }[]).find(
      (p) => p.type === "data-citation-checks",
    );
    expect(saved?.data).toEqual(checks);
    // A share of the answer keeps the marks: its parts are the checks alone.
    const shared = await share(h, cookie, { entryId: row?.id });
    expect(shared.status).toBeLessThan(300);
    const read = (await (await h.request(`/api/shares/${shared.shareId}`)).json()) as {
      answer: { parts?: { type: string; data: unknown }[] };
    };
    expect(read.answer.parts).toEqual([{ type: "data-citation-checks", data: checks }]);
  });

  it("an answer without citations carries no checks", async () => {
    answers.push({ kind: "text", text: "Nothing cited here." });
    const res = await h.request("/api/answer", { method: "POST", body: { text: "Tides?" } });
    expect(partOf(parseStream(await res.text()), "data-citation-checks")).toBeUndefined();
  });
});

describe("related questions with a model", () => {
  it("asks them in the question's language: a French question gets French questions", async () => {
    answers.push({ kind: "text", text: "La lune attire la mer [1]." });
    const res = await h.request("/api/answer", {
      method: "POST",
      body: { text: "Pourquoi y a-t-il des marées ?" },
    });
    const related = partOf(parseStream(await res.text()), "data-related")?.data as string[];
    expect(related).toEqual([
      "Pourquoi y a-t-il deux marées par jour ?",
      "Quelle est la hauteur des marées ?",
      "Quand la marée est-elle basse ?",
    ]);
    const call = llm.requests.findLast((r) =>
      JSON.stringify(r.messages).includes("language of the"),
    );
    expect(JSON.stringify(call?.messages)).toContain("Pourquoi y a-t-il des marées ?");
  });
});
