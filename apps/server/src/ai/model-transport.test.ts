import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createModelTransport } from "./model-transport.ts";

/** A real HTTP server on 127.0.0.1 whose handler each test sets. */
let server: http.Server;
let origin: string;
let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
const ports: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    ports.push(req.socket.remotePort ?? 0);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  ports.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const transport = createModelTransport({ mergeMs: 30 });
const event = (content: string) =>
  `data: ${JSON.stringify({ id: "c", model: "m", choices: [{ index: 0, delta: { content } }] })}\n\n`;
const bodyOf = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
  });

async function readAll(response: Response): Promise<string> {
  return await response.text();
}

describe("the model transport (fetch over node:http)", () => {
  it("sends the method, headers and JSON body, and returns status, headers and body", async () => {
    let seen: { method?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    handler = async (req, res) => {
      seen = { method: req.method, headers: req.headers, body: await bodyOf(req) };
      res.writeHead(201, "Made", { "content-type": "application/json", "x-request-id": "r1" });
      res.end('{"ok":"é"}');
    };
    const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "Grüße" }] });
    const response = await transport(`${origin}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body,
    });
    expect(seen.method).toBe("POST");
    expect(seen.headers?.authorization).toBe("Bearer k");
    expect(seen.headers?.["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(seen.body).toBe(body);
    expect(response.status).toBe(201);
    expect(response.statusText).toBe("Made");
    expect(response.headers.get("x-request-id")).toBe("r1");
    expect(await response.json()).toEqual({ ok: "é" });
  });

  it("keeps the connection alive between calls", async () => {
    handler = (_req, res) => res.end("{}");
    await readAll(await transport(`${origin}/a`, { method: "POST", body: "{}" }));
    await readAll(await transport(`${origin}/b`, { method: "POST", body: "{}" }));
    expect(ports).toHaveLength(2);
    expect(ports[0]).toBe(ports[1]);
  });

  it("hands on a streamed completion's first delta before the next one is sent", async () => {
    let sendRest = () => {};
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(event("first"));
      sendRest = () => {
        res.write(event(" second"));
        res.write(event(" third"));
        res.end("data: [DONE]\n\n");
      };
    };
    const response = await transport(`${origin}/v1/chat/completions`, {
      method: "POST",
      body: "{}",
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // The server sends nothing more until the first delta has arrived: held back, this would hang.
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe(event("first"));
    sendRest();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    expect(rest).toBe(`${event(" second third")}data: [DONE]\n\n`);
  });

  it("leaves other bodies as they come, and does not merge with mergeMs 0", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(event("a") + event("b") + event("c"));
    };
    const unmerged = createModelTransport({ mergeMs: 0 });
    expect(await readAll(await unmerged(`${origin}/s`, { method: "POST", body: "{}" }))).toBe(
      event("a") + event("b") + event("c"),
    );
    handler = (_req, res) => {
      res.writeHead(500, { "content-type": "text/event-stream" });
      res.end(event("a") + event("b"));
    };
    const failed = await transport(`${origin}/s`, { method: "POST", body: "{}" });
    expect(failed.status).toBe(500);
    expect(await readAll(failed)).toBe(event("a") + event("b"));
  });

  it("aborts: before the response the call rejects, during the body the body fails", async () => {
    const closed: string[] = [];
    let stalled = () => {};
    const stallArrived = new Promise<void>((resolve) => {
      stalled = resolve;
    });
    handler = (req, res) => {
      res.on("close", () => closed.push(req.url ?? ""));
      if (req.url === "/stall") stalled();
      if (req.url === "/stream") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(event("a"));
      }
    };
    const early = new AbortController();
    const pending = transport(`${origin}/stall`, {
      method: "POST",
      body: "{}",
      signal: early.signal,
    });
    await stallArrived;
    early.abort(new Error("stopped by the person"));
    await expect(pending).rejects.toThrow("stopped by the person");

    const late = new AbortController();
    const response = await transport(`${origin}/stream`, {
      method: "POST",
      body: "{}",
      signal: late.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    late.abort(new Error("stopped later"));
    await expect(reader.read()).rejects.toThrow("stopped later");
    await expect.poll(() => closed.sort()).toEqual(["/stall", "/stream"]);
  });

  it("fails the body when the server drops the connection mid-stream, after the deltas it held", async () => {
    handler = (req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(event("a") + event("b") + event("c"), () =>
        setTimeout(() => req.socket.destroy(), 5),
      );
    };
    const response = await transport(`${origin}/s`, { method: "POST", body: "{}" });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let got = "";
    const error = await (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return null;
          got += decoder.decode(value, { stream: true });
        }
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(Error);
    expect(got).toBe(event("a") + event("bc"));
  });

  it("leaves a redirect to fetch, which makes the call again and follows it", async () => {
    const seen: string[] = [];
    handler = async (req, res) => {
      seen.push(`${req.method} ${req.url} ${await bodyOf(req)}`);
      if (req.url === "/v1/chat/completions") {
        res.writeHead(308, { location: "/api/v1/chat/completions" });
        res.end();
      } else res.end('{"moved":true}');
    };
    const response = await transport(`${origin}/v1/chat/completions`, {
      method: "POST",
      body: '{"q":1}',
    });
    expect(await response.json()).toEqual({ moved: true });
    expect(seen).toEqual([
      'POST /v1/chat/completions {"q":1}',
      'POST /v1/chat/completions {"q":1}',
      'POST /api/v1/chat/completions {"q":1}',
    ]);
  });

  it("refuses a server that cannot be reached like fetch does (the caller retries it)", async () => {
    const closedServer = http.createServer();
    await new Promise<void>((resolve) => closedServer.listen(0, "127.0.0.1", resolve));
    const { port } = closedServer.address() as AddressInfo;
    await new Promise((resolve) => closedServer.close(resolve));
    await expect(
      transport(`http://127.0.0.1:${port}/v1`, { method: "POST", body: "{}" }),
    ).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
