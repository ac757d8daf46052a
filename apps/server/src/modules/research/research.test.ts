import {
  RESEARCH_CITATIONS_PART,
  type ResearchCitationsPart,
  type ThreadSummary,
} from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { SessionUser } from "../../deps.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import * as runs from "../runs/runs.service.ts";
import * as usage from "../usage/usage.service.ts";
import {
  agentUnitsUsed,
  ended,
  readEvents,
  reportText,
  researchOf,
  startResearch,
} from "./research-test-kit.ts";

/**
 * Deep research end to end on the offline engine (no model; the knowledge base and the person's
 * files): the routes, a run from its plan to its report in history, finish now, cancel, delete,
 * the quota (one agent unit per succeeded run, parallel starts) and who may see what (G2).
 */
let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
const AGENT_LIMIT = 4;

beforeAll(async () => {
  h = await createHarness(
    { TIER_LIMITS: `free.agent=${AGENT_LIMIT}` },
    { jobs: { workers: false } },
  );
  await indexKnowledgeBase({ db: h.db.db });
  owner = await h.signIn("research-owner@nexus.test");
  other = await h.signIn("research-other@nexus.test");
});
afterAll(async () => h.close());

describe("deep research on the offline engine", () => {
  let cancelled: string;
  let finishedEarly: string;
  let full: string;

  it("lists a research in History and Recent from its start with its state, to its owner only", async () => {
    const recent = await h.signIn("research-recent@nexus.test");
    const question = "Which threads does Recent list?";
    const item = await startResearch(h, recent.cookie, { question, depth: "quick" });
    const threadsOf = async (cookie: string, query = "") => {
      const res = await h.request(`/api/history${query}`, { cookie });
      expect(res.status).toBe(200);
      return ((await res.json()) as { threads: ThreadSummary[] }).threads;
    };
    // Queued (no step ran, nothing saved in history yet): listed, running, as a deep research.
    const [running] = await threadsOf(recent.cookie);
    expect(running).toMatchObject({
      threadId: item.threadId,
      title: question,
      kind: "research",
      label: "Deep research",
      state: "running",
      messageCount: 0,
    });
    expect(running?.href).toContain(item.threadId);
    // Not under a filter its kind is not listed under; nobody else's; no one's without a session.
    expect((await threadsOf(recent.cookie, "?kind=agent")).map((t) => t.threadId)).toEqual([]);
    expect((await threadsOf(other.cookie)).map((t) => t.threadId)).not.toContain(item.threadId);
    expect((await h.request("/api/history")).status).toBe(401);
    // Failed before its report: listed, failed.
    expect(
      await runs.endRun(h.deps, item.runId, { status: "failed", result: { message: "Down." } }),
    ).toBe(true);
    expect(await threadsOf(recent.cookie)).toMatchObject([
      { threadId: item.threadId, state: "failed" },
    ]);
    // Deleted from History (or Recent): gone, with its research.
    const deleted = await h.request(`/api/threads/${item.threadId}`, {
      method: "DELETE",
      cookie: recent.cookie,
    });
    expect(deleted.status).toBe(204);
    expect(await threadsOf(recent.cookie)).toEqual([]);
    expect(
      (await h.request(`/api/research/${item.threadId}`, { cookie: recent.cookie })).status,
    ).toBe(404);
  });

  it("accepts a start, a cancel and a finish now before any step ran", async () => {
    cancelled = (
      await startResearch(h, owner.cookie, { question: "What does Nexus keep in history?" })
    ).threadId;
    const item = await researchOf(h, owner.cookie, cancelled);
    expect(item).toMatchObject({
      status: "queued",
      depth: "standard",
      sources: "both",
      offline: true,
    });
    const cancel = await h.request(`/api/runs/${item.runId}/cancel`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(cancel.status).toBe(202);

    const early = await startResearch(h, owner.cookie, {
      question: "How are answers cited?",
      depth: "quick",
      subQuestions: ["How are sources numbered?", "What does a citation link to?"],
    });
    finishedEarly = early.threadId;
    expect(early.subQuestions).toEqual([
      "How are sources numbered?",
      "What does a citation link to?",
    ]);
    const finish = await h.request(`/api/research/${finishedEarly}/finish`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(finish.status).toBe(202);

    full = (
      await startResearch(h, owner.cookie, {
        question: "How do I share a thread and what does the reader see?",
        depth: "quick",
        sources: "both",
      })
    ).threadId;
    // Three started, none ended: three units reserved.
    expect(await agentUnitsUsed(h, owner.cookie)).toBe(3);
    await h.jobs?.startWorkers();
  });

  it("ends a cancelled research cancelled and gives its unit back", async () => {
    const item = await ended(h, owner.cookie, cancelled);
    expect(item.status).toBe("cancelled");
    expect(item.entryId).toBeNull();
  });

  it("writes the report at once when finish now came first", async () => {
    const item = await ended(h, owner.cookie, finishedEarly);
    expect(item.status).toBe("succeeded");
    // Only the report's step: no question was searched.
    expect(item.spent.steps).toBe(1);
    expect(item.sourcesFound).toBe(0);
    expect(item.entryId).not.toBeNull();
  });

  it("plans, searches, reads, takes notes and writes a cited extractive report", async () => {
    const item = await ended(h, owner.cookie, full);
    expect(item.status, item.error ?? "").toBe("succeeded");
    expect(item.subQuestions.length).toBeGreaterThanOrEqual(1);
    const { events, status } = await readEvents(h, owner.cookie, item.runId);
    expect(
      item.sourcesRead,
      JSON.stringify(events.filter((e) => e.type !== "ui-chunks")),
    ).toBeGreaterThan(0);
    expect(status).toBe("succeeded");
    // Every event once, in order.
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const types = new Set(events.map((e) => e.type));
    for (const type of [
      "research-questions",
      "research-step",
      "research-sources",
      "research-notes",
    ])
      expect(types).toContain(type);
    const text = reportText(events);
    expect(text).toMatch(/\[\d+\]/);
    const chunks = events.flatMap((e) =>
      e.type === "ui-chunks" ? (e.payload.chunks as Array<{ type: string; data?: unknown }>) : [],
    );
    const part = chunks.find((c) => c.type === RESEARCH_CITATIONS_PART)?.data as
      | ResearchCitationsPart
      | undefined;
    expect(part?.citations.length).toBeGreaterThan(0);
    // Offline notes are the sources' own sentences: every quote found as it is.
    for (const citation of part?.citations ?? []) {
      expect(citation.note.check).toBe("exact");
      expect(citation.source.status).toBe("read");
      expect(text).toContain(`[${citation.note.id}]`);
    }
    // The report is the thread's entry in history, as research.
    const history = (await (await h.request("/api/history", { cookie: owner.cookie })).json()) as {
      threads: Array<{ threadId: string; kind: string }>;
    };
    expect(history.threads.find((t) => t.threadId === full)?.kind).toBe("research");
    // Two succeeded runs keep their units; the cancelled one was given back.
    expect(await agentUnitsUsed(h, owner.cookie)).toBe(2);
  });

  it("shares the report: a reader signed out sees its text, citations and sources", async () => {
    const item = await researchOf(h, owner.cookie, full);
    const made = await h.request("/api/shares", {
      method: "POST",
      cookie: owner.cookie,
      body: { entryId: item.entryId },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { shareId } = (await made.json()) as { shareId: string };
    const shared = await h.request(`/api/shares/${shareId}`);
    expect(shared.status).toBe(200);
    const body = (await shared.json()) as {
      kind: string;
      answer: { query: string; content: string; parts?: Array<{ type: string; data?: unknown }> };
    };
    expect(body.kind).toBe("answer");
    expect(body.answer.query).toBe("How do I share a thread and what does the reader see?");
    expect(body.answer.content).toMatch(/\[\d+\]/);
    const part = body.answer.parts?.find((p) => p.type === RESEARCH_CITATIONS_PART)?.data as
      | ResearchCitationsPart
      | undefined;
    expect(part?.citations.length).toBeGreaterThan(0);
    const sourceIds = new Set(part?.sources.map((source) => source.id));
    for (const citation of part?.citations ?? []) expect(sourceIds).toContain(citation.source.id);
  });

  it("lists, searches and deletes research", async () => {
    const list = async (q = "") =>
      (
        (await (
          await h.request(`/api/research?q=${encodeURIComponent(q)}`, {
            cookie: owner.cookie,
          })
        ).json()) as { items: Array<{ threadId: string }> }
      ).items.map((i) => i.threadId);
    expect(await list()).toEqual([full, finishedEarly, cancelled]);
    expect(await list("share a thread")).toEqual([full]);
    expect(await list("100%_")).toEqual([]);
    const res = await h.request(`/api/research/${finishedEarly}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(204);
    expect(await list()).toEqual([full, cancelled]);
    const thread = await h.request(`/api/threads/${finishedEarly}`, { cookie: owner.cookie });
    expect(thread.status).toBe(404);

    // Deleted from History (or the sidebar): the research goes with its thread, run and events.
    const { runId } = await researchOf(h, owner.cookie, full);
    const stranger = await h.request(`/api/threads/${full}`, {
      method: "DELETE",
      cookie: other.cookie,
    });
    expect(stranger.status).toBe(404);
    expect(await list()).toEqual([full, cancelled]);
    const fromHistory = await h.request(`/api/threads/${full}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(fromHistory.status).toBe(204);
    expect(await list()).toEqual([cancelled]);
    expect((await h.request(`/api/research/${full}`, { cookie: owner.cookie })).status).toBe(404);
    const events = await h.request(`/api/runs/${runId}/events`, { cookie: owner.cookie });
    expect(events.status).toBe(404);
    expect((await h.request(`/api/threads/${full}`, { cookie: owner.cookie })).status).toBe(404);
  });
});

describe("who may see a research (G2)", () => {
  it("answers 404 to another person and 401 to no one, and changes nothing", async () => {
    const mine = await startResearch(h, owner.cookie, {
      question: "What is Nexus?",
      depth: "quick",
    });
    const paths: Array<[string, string]> = [
      ["GET", `/api/research/${mine.threadId}`],
      ["POST", `/api/research/${mine.threadId}/finish`],
      ["POST", `/api/research/${mine.threadId}/resume`],
      ["DELETE", `/api/research/${mine.threadId}`],
      ["DELETE", `/api/threads/${mine.threadId}`],
      ["GET", `/api/runs/${mine.runId}/events`],
      ["POST", `/api/runs/${mine.runId}/cancel`],
    ];
    for (const [method, path] of paths) {
      expect((await h.request(path, { method, cookie: other.cookie })).status, path).toBe(404);
      // A run's routes answer no one with the same 404 as another person's run.
      const anonymous = path.startsWith("/api/runs/") ? 404 : 401;
      expect((await h.request(path, { method })).status, path).toBe(anonymous);
    }
    for (const [method, path, body] of [
      ["GET", "/api/research", undefined],
      ["POST", "/api/research", { question: "x" }],
      ["POST", "/api/research/plan", { question: "x" }],
    ] as const)
      expect((await h.request(path, { method, body })).status, path).toBe(401);
    const others = (await (await h.request("/api/research", { cookie: other.cookie })).json()) as {
      items: unknown[];
    };
    expect(others.items).toEqual([]);
    const after = await ended(h, owner.cookie, mine.threadId);
    expect(after.status).toBe("succeeded");
  });

  it("refuses bad input with a 400 and thorough research to a free account with a 403", async () => {
    const before = await agentUnitsUsed(h, owner.cookie);
    for (const body of [
      {},
      { question: "" },
      { question: "x".repeat(2001) },
      { question: "ok", depth: "deep" },
      { question: "ok", sources: "everything" },
      { question: "ok", subQuestions: [] },
      { question: "ok", subQuestions: Array.from({ length: 8 }, (_, i) => `q${i}`) },
    ]) {
      const res = await h.request("/api/research", { method: "POST", cookie: owner.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const thorough = await h.request("/api/research", {
      method: "POST",
      cookie: owner.cookie,
      body: { question: "ok", depth: "thorough" },
    });
    expect(thorough.status).toBe(403);
    expect(await thorough.text()).toContain("Pro");
    expect(await agentUnitsUsed(h, owner.cookie)).toBe(before);
  });
});

describe("research quota (G9)", () => {
  it("starts exactly the units left of parallel starts; the rest get 429", async () => {
    const person = await h.signIn("research-parallel@nexus.test");
    const me = (await (await h.request("/api/me", { cookie: person.cookie })).json()) as {
      user: SessionUser;
    };
    await usage.consume({
      deps: h.deps,
      caller: { user: me.user, anonId: null, ip: "127.0.0.1" },
      counter: "agentUsage",
      amount: AGENT_LIMIT - 1,
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.request("/api/research", {
          method: "POST",
          cookie: person.cookie,
          body: { question: `Parallel question ${i}`, depth: "quick" },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 429, 429, 429, 429, 429]);
    expect(await agentUnitsUsed(h, person.cookie)).toBe(AGENT_LIMIT);
  });
});

describe("a research whose first step cannot be queued", () => {
  it("ends failed (not left queued in the results list) and gives its unit back", async () => {
    const lone = await createHarness({}, { jobs: { workers: false } });
    try {
      const person = await lone.signIn("research-unqueued@nexus.test");
      const before = await agentUnitsUsed(lone, person.cookie);
      // The queue stops (an instance shutting down): its first job cannot be sent.
      await lone.jobs?.stop(2_000);
      const res = await lone.request("/api/research", {
        method: "POST",
        cookie: person.cookie,
        body: { question: "What does Nexus keep in history?", depth: "quick" },
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
      const list = (await (
        await lone.request("/api/research", { cookie: person.cookie })
      ).json()) as { items: Array<{ status: string; question: string }> };
      expect(list.items.map((i) => i.status)).toEqual(["failed"]);
      expect(await agentUnitsUsed(lone, person.cookie)).toBe(before);
    } finally {
      await lone.close();
    }
  });
});
