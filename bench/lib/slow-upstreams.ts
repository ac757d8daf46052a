import http from "node:http";
import type { AddressInfo } from "node:net";

/** Bench stand-ins for slow upstreams, real HTTP on 127.0.0.1. */

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function closer(server: http.Server, held: Set<http.ServerResponse>) {
  return () =>
    new Promise<void>((resolve) => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

export interface DelayProxy {
  url: string;
  /** The hold, ms (changeable while running). */
  delayMs: number;
  close: () => Promise<void>;
}

/**
 * A proxy that holds every request `delayMs` before passing it on to `target` and streams the
 * answer back as it comes: a fake model's first token or a fake search `delayMs` later.
 */
export async function startDelayProxy(options: {
  target: string;
  delayMs: number;
}): Promise<DelayProxy> {
  const target = new URL(options.target);
  const held = new Set<http.ServerResponse>();
  const proxy: DelayProxy = { url: "", delayMs: options.delayMs, close: async () => undefined };
  const server = http.createServer((req, res) => {
    held.add(res);
    res.on("close", () => held.delete(res));
    const body: Buffer[] = [];
    req.on("data", (b: Buffer) => body.push(b));
    req.on("end", () => {
      setTimeout(() => {
        if (res.destroyed) return;
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: req.url,
            method: req.method,
            headers: { ...req.headers, host: target.host },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.flushHeaders();
            answer.pipe(res);
          },
        );
        upstream.on("error", () => res.destroy());
        res.on("close", () => upstream.destroy());
        upstream.end(Buffer.concat(body));
      }, proxy.delayMs);
    });
  });
  proxy.close = closer(server, held);
  const port = await listen(server);
  // Keep the target's path prefix (e.g. /v1 of a model base URL).
  const prefix = target.pathname.replace(/\/$/, "");
  proxy.url = `http://127.0.0.1:${port}${prefix}`;
  return proxy;
}

const PARAGRAPH =
  "Tides are the rise and fall of sea levels caused by the combined effects of the gravitational " +
  "forces exerted by the Moon and the Sun and the rotation of the Earth. The times and amplitude " +
  "of tides at a locale are influenced by the alignment of the Sun and Moon, by the pattern of " +
  "tides in the deep ocean, by the amphidromic systems of the oceans, and by the shape of the " +
  "coastline and near-shore bathymetry.";

/** An article page of about `paragraphs` × 400 characters, with navigation and scripts. */
export function articleHtml(title: string, paragraphs = 30): string {
  const body = Array.from(
    { length: paragraphs },
    (_, i) => `<h2>Part ${i + 1}</h2><p>${PARAGRAPH}</p><p>${PARAGRAPH.toUpperCase()}</p>`,
  ).join("\n");
  return `<!doctype html><html><head><title>${title}</title><script>var x = 1;</script>
<style>body { font: 16px serif }</style></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav>
<main><article><h1>${title}</h1><p>${title}. ${PARAGRAPH}</p>${body}</article></main>
<footer>Copyright, privacy, terms</footer></body></html>`;
}

/**
 * Pages that answer late: GET /page/<ms> sends an article after <ms> milliseconds, GET /never
 * accepts the request and never answers.
 */
export async function startSlowPages(): Promise<{
  origin: string;
  requests: () => number;
  close: () => Promise<void>;
}> {
  const held = new Set<http.ServerResponse>();
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    held.add(res);
    res.on("close", () => held.delete(res));
    const match = /^\/page\/(\d+)/.exec(req.url ?? "");
    if (!match) return; // /never: held until the client gives up
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(articleHtml(`Page answering in ${match[1]} ms`));
    }, Number(match[1]));
  });
  const port = await listen(server);
  return { origin: `http://127.0.0.1:${port}`, requests: () => count, close: closer(server, held) };
}
