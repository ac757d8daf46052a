import http from "node:http";

/**
 * The common part of the fake search APIs (SearXNG, Tavily, Brave): real HTTP on 127.0.0.1,
 * every request recorded, and switches for the failures a provider must surface:
 *   "ok"           answer from the handler
 *   "error"        HTTP 500 (or `errorStatus`, e.g. 401, 429, 502)
 *   "stall"        accept the request and never answer (until close)
 *   "bad-json"     HTTP 200 with a body that is not JSON
 *   "wrong-shape"  HTTP 200 with JSON of the wrong shape
 */
export type FakeMode = "ok" | "error" | "stall" | "bad-json" | "wrong-shape";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  /** JSON, or bytes sent as they are with `contentType`. */
  body: unknown;
  contentType?: string;
  /** More response headers (a redirect's location). */
  headers?: Record<string, string>;
}

export interface JsonApiFake {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  requests: RecordedRequest[];
  mode: FakeMode;
  errorStatus: number;
  close: () => Promise<void>;
}

export async function startJsonApiFake(options: {
  handle: (request: RecordedRequest) => FakeAnswer;
  port?: number;
}): Promise<JsonApiFake> {
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const request: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      fake.requests.push(request);
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { ...headers, "content-type": "application/json; charset=utf-8" });
        res.end(body);
      };
      switch (fake.mode) {
        case "stall":
          stalled.add(res);
          return;
        case "error":
          return send(fake.errorStatus, JSON.stringify({ error: "fake failure" }));
        case "bad-json":
          return send(200, '{"results": [ {"url": "https://example.com/", ');
        case "wrong-shape":
          return send(200, JSON.stringify({ results: "not a list" }));
        default: {
          const answer = options.handle(request);
          if (Buffer.isBuffer(answer.body)) {
            res.writeHead(answer.status ?? 200, {
              ...answer.headers,
              "content-type": answer.contentType ?? "application/octet-stream",
            });
            return res.end(answer.body);
          }
          return send(answer.status ?? 200, JSON.stringify(answer.body), answer.headers);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const fake: JsonApiFake = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: [],
    mode: "ok",
    errorStatus: 500,
    close: () =>
      new Promise((resolve) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
