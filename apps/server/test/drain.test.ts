/**
 * Rolling restarts (issue 27): SIGTERM during a slow streamed answer. New connections are
 * refused, the answer in flight arrives in full (~13 s: past the 8 s the shutdown used to allow),
 * a request on a keep-alive connection opened before the SIGTERM is answered with
 * `Connection: close` (the old shutdown closed that connection under the client: a 502 for a POST
 * nginx had just sent on it), the process exits 0.
 */
import net from "node:net";
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

// 14 words a second apart: about 13 s of tokens after the SIGTERM.
const WORDS = "Tides rise and fall twice a day because the moon pulls the sea [1].";
const HEALTH = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

/** One raw keep-alive connection: send a request, read until the answer's body or the close. */
function keepAliveConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let data = "";
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  socket.on("data", (chunk: Buffer) => {
    data += chunk.toString("utf8");
    wake();
  });
  socket.on("close", () => {
    closed = true;
    wake();
  });
  socket.on("error", () => undefined);
  return {
    closed: () => closed,
    /** The answer's text, or "" when the connection closed first. */
    request: (text: string) =>
      new Promise<string>((resolve) => {
        data = "";
        const check = () => {
          if (data.includes('{"ok":true}') || closed) {
            waiters.delete(check);
            resolve(data);
          }
        };
        waiters.add(check);
        if (!closed) socket.write(text);
        check();
      }),
    end: () => socket.destroy(),
  };
}
/** Whether a new connection to the port is refused within timeoutMs (tried every 20 ms). */
async function refusedWithin(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

let llm: FakeOpenAIServer;
let server: ServerProcess | null = null;

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream
        ? { kind: "text", text: WORDS, delayMs: 1_000 }
        : { kind: "text", text: "tides" },
  });
});
afterAll(async () => {
  if (server) await stopServer(server);
  await llm.close();
});

it("SIGTERM drains: new connections refused, the answer in flight completes, exit 0", async () => {
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
  const kept = keepAliveConnection(server.port);
  expect(await kept.request(HEALTH)).toMatch(/^HTTP\/1\.1 200 [\s\S]*keep-alive/i);

  server.kill("SIGTERM");
  await server.waitForOutput(/SIGTERM: /, 10_000);
  // The listener closes (it first takes the connections already queued, lib/http-drain.ts): a
  // new connection is refused, which nginx passes on to another instance.
  expect(await refusedWithin(server.port, 10_000)).toBe(true);
  // The open keep-alive connection still gets its answer, and is told to close.
  const last = await kept.request(HEALTH);
  expect(last, "the connection was closed under the client").toMatch(/^HTTP\/1\.1 200 /);
  expect(last).toMatch(/\r\nconnection: close\r\n/i);
  kept.end();

  const text = await readUntil(reader, undefined, begun);
  expect(textOf(parseStream(text))).toBe(WORDS);
  expect(text).toContain("data: [DONE]");
  const exit = await exitWithin(server, 30_000);
  expect(exit?.code).toBe(0);
});
