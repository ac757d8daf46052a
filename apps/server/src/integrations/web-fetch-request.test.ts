import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebFetch } from "./web-fetch.ts";
import { WebFetchError } from "./web-fetch-error.ts";

/** The request options API providers need: POST bodies, extra headers, a per-request allowance. */
let server: http.Server;
let base: string;
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (req.url === "/redirect") {
        res.writeHead(307, { location: "/ok" });
        res.end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebFetchError);
  return (error as WebFetchError).reason;
}

describe("web-fetch request options", () => {
  it("sends a POST body with extra headers, which cannot replace host", async () => {
    const { fetchPage } = createWebFetch({ allowAddresses: ["127.0.0.1"] });
    const page = await fetchPage({
      url: `${base}/api`,
      method: "POST",
      body: '{"q":"é"}',
      headers: { "content-type": "application/json", "x-key": "k", host: "evil.example" },
    });
    expect(page.body.toString()).toBe('{"ok":true}');
    const last = seen.at(-1);
    expect(last?.method).toBe("POST");
    expect(last?.body).toBe('{"q":"é"}');
    expect(last?.headers["content-length"]).toBe(String(Buffer.byteLength('{"q":"é"}')));
    expect(last?.headers["x-key"]).toBe("k");
    expect(last?.headers.host).toBe(base.slice("http://".length));
  });

  it("does not follow a redirect for a POST", async () => {
    const { fetchPage } = createWebFetch({ allowAddresses: ["127.0.0.1"] });
    const count = seen.length;
    expect(await reason(fetchPage({ url: `${base}/redirect`, method: "POST", body: "{}" }))).toBe(
      "http_error",
    );
    expect(seen.length).toBe(count + 1);
  });

  it("allows a per-request address for that request only", async () => {
    const { fetchPage } = createWebFetch();
    expect(await reason(fetchPage({ url: `${base}/a` }))).toBe("blocked_address");
    const page = await fetchPage({ url: `${base}/b`, allowAddresses: ["::ffff:127.0.0.1"] });
    expect(page.status).toBe(200);
    expect(await reason(fetchPage({ url: `${base}/c` }))).toBe("blocked_address");
    expect(seen.some((s) => s.url === "/a" || s.url === "/c")).toBe(false);
  });
});
