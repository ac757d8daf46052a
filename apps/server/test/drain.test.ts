/**
 * Rolling restarts (issue 27): SIGTERM during a slow streamed answer. /ready turns 503 at once
 * (or new connections are refused), the answer in flight arrives in full, the process exits 0.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../../../e2e/fakes/openai-server.ts";
import {
  exitWithin,
  freePort,
  makeTempDir,
  type ServerProcess,
  serverEnv,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../../../e2e/support/server-process.ts";
import { parseStream, readUntil, textOf } from "../src/modules/answer/answer-test-kit.ts";

// About 10 s of tokens after the SIGTERM (a stream still running well into the drain).
const WORDS = "Tides rise and fall twice a day because the moon pulls the sea [1].";
let llm: FakeOpenAIServer;
let server: ServerProcess | null = null;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream
        ? { kind: "text", text: WORDS, delayMs: 600 }
        : { kind: "text", text: "tides" },
  });
});
afterAll(async () => {
  if (server) await stopServer(server);
  await llm.close();
});

it("SIGTERM drains: /ready 503, the answer in flight completes, exit 0", async () => {
  server = spawnServer({
    port: await freePort(),
    env: serverEnv({
      DATA_DIR: makeTempDir("nexus-drain-"),
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "fake-model",
      SHUTDOWN_GRACE_SECONDS: "30",
    }),
  });
  await waitForHealth(server, { timeoutMs: 90_000 });
  expect((await fetch(`${server.origin}/ready`)).status).toBe(200);

  const answer = await fetch(`${server.origin}/api/answer`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-anon-id": `anon_${Date.now()}_drain1234`,
    },
    body: JSON.stringify({ text: "Why are there tides?" }),
  });
  expect(answer.status).toBe(200);
  const reader = answer.body?.getReader();
  const begun = await readUntil(reader, "text-delta");

  server.kill("SIGTERM");
  await server.waitForOutput(/SIGTERM: draining/, 10_000);
  // A new request: refused (the listener is closed) or told not to send traffic here.
  const probe = await fetch(`${server.origin}/ready`).then(
    (res) => res.status,
    () => "refused" as const,
  );
  expect([503, "refused"]).toContain(probe);

  const text = await readUntil(reader, undefined, begun);
  expect(textOf(parseStream(text))).toBe(WORDS);
  expect(text).toContain("data: [DONE]");
  const exit = await exitWithin(server, 30_000);
  expect(exit?.code).toBe(0);
});
