import http from "node:http";
import type { AddressInfo } from "node:net";

/** The address of the stand-in page: servers allow it with WEB_FETCH_ALLOW_ADDRESSES. */
export const PAGE_HOST = "127.0.0.7";

export const TIDES_PAGE_TEXT =
  "The moon's gravity pulls the oceans toward it, which makes two high tides every day.";

/** A web page read-url can open (a real HTTP server on 127.0.0.7), recording what was asked. */
export async function startPageStandIn() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/tides") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><title>Tides explained</title></head><body><article>
        <h1>Tides explained</h1><p>${TIDES_PAGE_TEXT}</p>
        <p>${"Spring tides come at new and full moon, when the sun and moon pull together. ".repeat(4)}</p>
        </article></body></html>`,
      );
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("missing");
  });
  await new Promise<void>((resolve) => server.listen(0, PAGE_HOST, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname: string) => `http://${PAGE_HOST}:${port}${pathname}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
