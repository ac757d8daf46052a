import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type MeResponse, type PersonalSettings, personalInstructionsText } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  type RecordedRequest,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { createApp } from "../../app.ts";
import { parseStream, partOf } from "../answer/answer-test-kit.ts";
import { writeReport } from "../research/research.engine.ts";
import { contextFor, initialState } from "../research/research-engine-kit.ts";

/**
 * Personal settings (Settings → Personal instructions, Answer language): the owner's routes, and
 * the text they add reaching the system message of every kind of chat (an answer, a preset and a
 * custom agent, a document chat, a research report) with the fake model — the caller's own, never
 * the owner's of a shared agent, and never in a share.
 */

const MINE = "I am a marine biologist in Kiel. ZEBRA-7: keep answers short, with one example.";
const THEIRS = "I teach primary school. OKAPI-3: explain like I am ten.";

let h: Harness;
let llm: FakeOpenAIServer;
let dist: string;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream ? { kind: "text", text: "Noted, here is the answer." } : { kind: "echo" },
  });
  h = await createHarness({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" }, { jobs: true });
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-personal-dist-"));
  fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><html><head></head></html>");
  owner = await h.signIn("personal-owner@acme.com");
  other = await h.signIn("personal-other@acme.com");
}, 60_000);
afterAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  await h.close();
  await llm.close();
});
beforeEach(() => llm.reset());

const settingsPath = (userId: string) => `/api/users/${userId}/settings`;

async function patch(cookie: string, userId: string, body: unknown) {
  return h.request(settingsPath(userId), { method: "PATCH", cookie, body });
}

/** The system message of the last streamed (reply) request the fake model received. */
function lastSystem(): string {
  const streamed = llm.requests.filter((r: RecordedRequest) => r.stream);
  return String(streamed.at(-1)?.messages.find((m) => m.role === "system")?.content ?? "");
}

async function post(url: string, cookie: string, body: unknown) {
  const res = await h.request(url, { method: "POST", cookie, body });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return parseStream(text);
}

const say = (text: string) => ({ messages: [{ role: "user", parts: [{ type: "text", text }] }] });

describe("GET and PATCH /api/users/:userId/settings", () => {
  it("are the owner's only; bad input is a clear 400 and changes nothing", async () => {
    const fresh = await h.signIn("personal-routes@acme.com");
    const read = async (cookie = fresh.cookie) =>
      (await (await h.request(settingsPath(fresh.userId), { cookie })).json()) as PersonalSettings;
    expect(await read()).toEqual({
      instructions: "",
      answerLanguage: "auto",
      uiLanguage: null,
      updatedAt: null,
    });

    const saved = await patch(fresh.cookie, fresh.userId, {
      instructions: `  ${MINE}\n`,
      answerLanguage: "de",
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ instructions: MINE, answerLanguage: "de" });

    // Another person and anonymous callers: nothing to read, nothing written.
    expect((await h.request(settingsPath(fresh.userId), { cookie: other.cookie })).status).toBe(
      404,
    );
    expect((await patch(other.cookie, fresh.userId, { instructions: "x" })).status).toBe(404);
    expect((await h.request(settingsPath(fresh.userId))).status).toBe(401);
    const anon = await h.request(settingsPath(fresh.userId), {
      method: "PATCH",
      anonId: "anon_1795000000000_aaaaaaaa",
      body: { instructions: "x" },
    });
    expect(anon.status).toBe(401);

    for (const [body, message] of [
      [{ instructions: "a".repeat(1501) }, "Instructions are at most 1500 characters."],
      [{ answerLanguage: "it" }, null],
      [
        { uiLanguage: "it" },
        "The interface language is one of en, de, fr, es, ja, ar, or null (the browser's).",
      ],
      [{ instructions: "ok", extra: true }, null],
      [{ instructions: 42 }, "Instructions must be text."],
    ] as const) {
      const res = await patch(fresh.cookie, fresh.userId, body);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as { error: { message: string } }).error;
      if (message) expect(error.message).toBe(message);
    }
    expect(await read()).toMatchObject({ instructions: MINE, answerLanguage: "de" });

    // Clearing keeps the language.
    await patch(fresh.cookie, fresh.userId, { instructions: "" });
    expect(await read()).toMatchObject({ instructions: "", answerLanguage: "de" });

    // The interface language: kept beside the others, null forgets it; another person can't set it.
    expect((await patch(other.cookie, fresh.userId, { uiLanguage: "ar" })).status).toBe(404);
    await patch(fresh.cookie, fresh.userId, { uiLanguage: "ar" });
    expect(await read()).toMatchObject({ answerLanguage: "de", uiLanguage: "ar" });
    // The session check carries it (the web applies it before anything else of the account's).
    const me = async (cookie: string) =>
      (await (await h.request("/api/me", { cookie })).json()) as MeResponse;
    expect((await me(fresh.cookie)).uiLanguage).toBe("ar");
    expect((await me(other.cookie)).uiLanguage).toBeNull();
    await patch(fresh.cookie, fresh.userId, { uiLanguage: null });
    expect(await read()).toMatchObject({ answerLanguage: "de", uiLanguage: null });

    // Deleting the account takes them with it (G12).
    const gone = await h.request(`/api/users/${fresh.userId}`, {
      method: "DELETE",
      cookie: fresh.cookie,
    });
    expect(gone.status).toBe(204);
    const left = await h.db.db
      .select()
      .from(schema.userSettings)
      .where(eq(schema.userSettings.userId, fresh.userId));
    expect(left).toEqual([]);
  });
});

describe("personal settings in every kind of chat", () => {
  beforeAll(async () => {
    await patch(owner.cookie, owner.userId, { instructions: MINE, answerLanguage: "auto" });
    await patch(other.cookie, other.userId, { instructions: THEIRS, answerLanguage: "auto" });
  });

  const FRAMED = () => personalInstructionsText(MINE);

  it("reach the system message of an answer, a preset agent, a custom agent and a document chat", async () => {
    const answer = await post("/api/answer", owner.cookie, { text: "How do tides work?" });
    expect(lastSystem()).toContain(FRAMED());
    expect(lastSystem()).toContain("write your reply in English (English)");
    const entryId = String(partOf(answer, "start")?.messageId);
    await post("/api/agents/maya/chat", owner.cookie, say("Plan my Sunday"));
    expect(lastSystem()).toContain(FRAMED());

    const created = await h.request("/api/custom-agents", {
      method: "POST",
      cookie: owner.cookie,
      body: {
        name: "Tide Tutor",
        emoji: "🌊",
        color: "amber",
        description: "Explains tides.",
        instructions: "Always mention the moon.",
        starters: [],
        tools: [],
        model: "default",
      },
    });
    const agentId = ((await created.json()) as { id: string }).id;
    const custom = await post(`/api/custom-agents/${agentId}/chat`, owner.cookie, say("Hello"));
    const system = lastSystem();
    expect(system).toContain("Always mention the moon.");
    // The agent's own prompt first, the person's text after it.
    expect(system.indexOf(FRAMED())).toBeGreaterThan(system.indexOf("Always mention the moon."));
    const customThread = String(
      (partOf(custom, "start")?.messageMetadata as { threadId?: string } | undefined)?.threadId,
    );

    const uploaded = await upload(
      h,
      owner.cookie,
      "tides.txt",
      "Tides rise twice a day. ".repeat(20),
    );
    const fileId = ((await uploaded.json()) as { id: string }).id;
    await untilDone(h, owner.cookie, fileId);
    await post(`/api/documents/${fileId}/chat`, owner.cookie, { text: "What does it say?" });
    expect(lastSystem()).toContain(FRAMED());
    // Shares never carry them: the answer's and the custom agent thread's JSON and share page.
    const app = createApp(h.deps, { webDist: dist });
    for (const body of [{ entryId }, { threadId: customThread }]) {
      const made = await h.request("/api/shares", { method: "POST", cookie: owner.cookie, body });
      expect(made.status).toBe(201);
      const shareId = ((await made.json()) as { shareId: string }).shareId;
      const json = await (await h.request(`/api/shares/${shareId}`)).text();
      expect(json).toContain("Noted, here is the answer.");
      const page = await (await app.request(`/share/${shareId}`)).text();
      for (const text of [json, page]) {
        expect(text).not.toContain("ZEBRA-7");
        expect(text).not.toContain("ABOUT THE PERSON");
      }
    }

    // A holder of the shared agent gets their own instructions, never the owner's.
    const link = await h.request(`/api/custom-agents/${agentId}/share`, {
      method: "POST",
      cookie: owner.cookie,
    });
    const token = String(((await link.json()) as { sharePath: string }).sharePath.split("/").pop());
    await h.request(`/api/custom-agents/shared/${token}`, { method: "POST", cookie: other.cookie });
    await post(`/api/custom-agents/${agentId}/chat`, other.cookie, say("Hello"));
    expect(lastSystem()).toContain("OKAPI-3");
    expect(lastSystem()).not.toContain("ZEBRA-7");
  }, 60_000);

  it("reach a research report's system message", async () => {
    const caller = { user: { ...(await userOf(owner.cookie)) }, anonId: null, ip: "" };
    const { ctx } = await contextFor(h, caller);
    const state = initialState({
      question: "Wie werden Solarmodule recycelt?",
      depth: "quick",
      sources: "web",
      offline: false,
      subQuestions: ["Wie viel Glas wird zurückgewonnen?"],
      startedAt: Date.now(),
    });
    await writeReport(ctx, {
      ...state,
      found: [
        {
          id: 1,
          kind: "web",
          url: "https://example.org/solar",
          title: "Solar",
          fileId: null,
          question: 1,
          status: "read",
          reason: null,
        },
      ],
      notes: [
        {
          id: 1,
          sourceId: 1,
          question: 1,
          text: "About ninety percent of the glass is recovered.",
          quote: "ninety percent of the glass",
          check: "exact",
          page: null,
        },
      ],
    });
    const system = lastSystem();
    expect(system).toContain("research report");
    expect(system).toContain(FRAMED());
    // Auto: the research question is German, so is the report.
    expect(system).toContain("write your reply in German (Deutsch)");
  });

  it("tell the model to answer in German for a German question, or in the chosen language", async () => {
    const fresh = await h.signIn("personal-language@acme.com");
    await post("/api/answer", fresh.cookie, { text: "Warum ist der Himmel am Abend rot?" });
    expect(lastSystem()).toContain(
      "The person wrote in German: write your reply in German (Deutsch).",
    );
    // No instructions given: nothing framed.
    expect(lastSystem()).not.toContain("ABOUT THE PERSON");

    await patch(fresh.cookie, fresh.userId, { answerLanguage: "fr" });
    await post("/api/answer", fresh.cookie, { text: "Warum ist der Himmel am Abend rot?" });
    expect(lastSystem()).toContain("Write your reply in French (Français): the person chose it");
    expect(lastSystem()).not.toContain("German");

    // An anonymous visitor has no settings: Auto.
    const anon = await h.request("/api/answer", {
      method: "POST",
      anonId: "anon_1795000000000_cccccccc",
      body: { text: "¿Por qué el cielo es azul?" },
    });
    await anon.text();
    expect(lastSystem()).toContain("write your reply in Spanish (Español)");
  });
});

async function userOf(cookie: string) {
  const me = (await (await h.request("/api/me", { cookie })).json()) as {
    user: { id: string; email: string; name: string };
  };
  return {
    id: me.user.id,
    email: me.user.email,
    name: me.user.name,
    photoUrl: null,
    orgName: null,
    orgId: "",
    tier: "free" as const,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}
