import fs from "node:fs";
import type { BrowserContext } from "@playwright/test";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  type RecordedRequest,
  startFakeOpenAIServer,
} from "../fakes/openai-server.ts";
import {
  type FakeSearxng,
  servePicturesFromSearxng,
  startFakeSearxng,
} from "../fakes/searxng-server.ts";
import { e2eEnv, SUPER_ADMIN_EMAIL } from "./env.ts";
import { test as base } from "./fixtures.ts";
import {
  freePort,
  makeTempDir,
  serverEnv,
  spawnServer,
  stopServer,
  waitForHealth,
} from "./server-process.ts";

/**
 * A second Nexus server for the answer specs, configured like a real deployment: an
 * OpenAI-compatible model and SearXNG, both fakes speaking the real protocols on 127.0.0.1 in this
 * worker (so a test can script them). The main E2E server stays unconfigured (offline engine).
 */
export interface ModelServer {
  origin: string;
  llm: FakeOpenAIServer;
  searxng: FakeSearxng;
  /** The server's data directory (for seeding its database, see support/db.ts). */
  dataDir: string;
  /** What the next streamed answers do, in order; empty → `defaultAnswer`. */
  answers: FakeBehaviour[];
}

/** The answer the fake model streams when a test scripted nothing: three cited sentences. */
export const DEFAULT_ANSWER =
  "Nexus searches the web and reads the top pages [1]. It writes the answer with numbered citations [2]. A follow-up stays in the same thread [1][3].";
export const RELATED_QUESTIONS = [
  "How are the sources chosen?",
  "Can I use my own model?",
  "Where is my history kept?",
];

function systemOf(request: RecordedRequest): string {
  return JSON.stringify(request.messages[0]?.content ?? "");
}

function lastUser(request: RecordedRequest): string {
  const user = [...request.messages].reverse().find((m) => m.role === "user");
  return typeof user?.content === "string" ? user.content : "";
}

/**
 * Every http(s) URL but those of origin. A regular expression, not a function: Playwright matches
 * it in its own process, so the app's requests are not sent to the test process one by one (a
 * function route made every request of every page wait for a round trip to the test).
 */
export function notOrigin(origin: string): RegExp {
  const host = new URL(origin).host.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^https?://(?!${host}/)`);
}

/** A 1×1 transparent PNG. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * The internet, for the browser: requests to any host but the app's get a 1×1 PNG (favicons and
 * thumbnails of the fake search results). Resolves to the list of URLs requested, to assert on.
 */
export async function stubExternalHosts(context: BrowserContext, appOrigin: string) {
  const requested: string[] = [];
  await context.route(notOrigin(appOrigin), (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: PIXEL });
  });
  return requested;
}

export const test = base.extend<object, { modelServer: ModelServer }>({
  modelServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const answers: FakeBehaviour[] = [];
      const llm = await startFakeOpenAIServer({
        handler: (request) => {
          if (request.stream)
            return answers.shift() ?? { kind: "text", text: DEFAULT_ANSWER, delayMs: 15 };
          // Non-streamed calls: the follow-up rewrite and the related questions.
          if (systemOf(request).includes("standalone"))
            return { kind: "text", text: `${lastUser(request)} (standalone)` };
          return { kind: "text", text: RELATED_QUESTIONS.join("\n") };
        },
      });
      const searxng = await startFakeSearxng();
      // Pictures from SearXNG's own image_proxy, as a real one with `image_proxy: true` serves
      // them: the server's /api/image fetches them (it has no route to the internet here).
      servePicturesFromSearxng(searxng);
      const port = await freePort();
      const dataDir = makeTempDir("nexus-e2e-model-");
      const server = spawnServer({
        port,
        env: serverEnv({
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          WEB_DIST: process.env.E2E_WEB_DIST ?? "",
          DATABASE_URL: "",
          SMTP_URL: `smtp://127.0.0.1:${e2eEnv.smtpPort}`,
          SUPER_ADMIN_IDS: SUPER_ADMIN_EMAIL,
          LOG_LEVEL: "warn",
          SIGNIN_RATE_LIMIT: "10000",
          LLM_BASE_URL: llm.baseUrl,
          LLM_API_KEY: "e2e-key",
          LLM_MODEL: "fake-model",
          LLM_REASONING_MODEL: "fake-reasoner",
          LLM_TIMEOUT_MS: "5000",
          SEARCH_PROVIDER: "searxng",
          SEARXNG_URL: searxng.url,
          WEB_FETCH_ALLOW_ADDRESSES: "127.0.0.7",
          IMAGE_MODEL: "fake-image",
        }),
      });
      try {
        await waitForHealth(server, { timeoutMs: 90_000 });
        await use({ origin: server.origin, dataDir, llm, searxng, answers });
      } finally {
        // E2E_MODEL_SERVER_LOG=<file>: keep the server's log (to see why an answer failed).
        const logFile = process.env.E2E_MODEL_SERVER_LOG;
        if (logFile) fs.appendFileSync(logFile, server.output());
        await stopServer(server);
        await llm.close();
        await searxng.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ modelServer }, use) => {
    await use(modelServer.origin);
  },
});

export { expect } from "./fixtures.ts";
