import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

/**
 * Stand-in servers for the SSRF gate (G6), all on loopback:
 * - victims: one port P on 127.0.0.1, 127.0.0.2 and [::1], counting every TCP connection. Any
 *   refused form that slipped through would land on one of them.
 * - allowed: the stand-in the tests' fetcher may reach (allowAddresses), with routes for the
 *   control fetch, redirects, big and compressed bodies and stalls.
 */

export interface Closable {
  close: () => Promise<void>;
}

function listen(server: net.Server, options: { host: string; port: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : options.port);
    });
  });
}

function closeServer(server: http.Server | https.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export interface Victims extends Closable {
  port: number;
  hosts: string[];
  /** TCP connections accepted so far, across every victim address. */
  hits: () => number;
}

export async function startVictims(): Promise<Victims> {
  for (let attempt = 0; attempt < 10; attempt++) {
    let count = 0;
    const servers: http.Server[] = [];
    const make = () => {
      const server = http.createServer((_req, res) => res.end("internal secret"));
      server.on("connection", () => {
        count += 1;
      });
      servers.push(server);
      return server;
    };
    try {
      const port = await listen(make(), { host: "127.0.0.1", port: 0 });
      await listen(make(), { host: "127.0.0.2", port });
      const hosts = ["127.0.0.1", "127.0.0.2"];
      try {
        await listen(make(), { host: "::1", port });
        hosts.push("::1");
      } catch {
        servers.pop(); // no IPv6 loopback here: the IPv6 forms are still refused, just not counted
      }
      return {
        port,
        hosts,
        hits: () => count,
        close: async () => {
          await Promise.all(servers.map(closeServer));
        },
      };
    } catch {
      await Promise.all(servers.filter((s) => s.listening).map(closeServer));
    }
  }
  throw new Error("could not bind the victim servers");
}

export interface Allowed extends Closable {
  host: string;
  port: number;
  origin: string;
  /** Requests per path (without query). */
  hits: Map<string, number>;
  /** Bytes /big managed to write before the client hung up. */
  bigBytesSent: () => number;
}

const SMALL_HTML = "<!doctype html><title>control</title><h1>allowed stand-in</h1>";
const BIG_BYTES = 10 * 1024 * 1024;

function bombs() {
  const zeros = Buffer.alloc(32 * 1024 * 1024);
  return {
    gzip: zlib.gzipSync(zeros, { level: 9 }),
    br: zlib.brotliCompressSync(zeros, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    deflate: zlib.deflateSync(zeros, { level: 9 }),
  };
}

/** `port` lets it share the victims' port, so a rebound or redirected hop would hit a victim. */
export async function startAllowed(options: { host: string; port?: number }): Promise<Allowed> {
  const hits = new Map<string, number>();
  const bomb = bombs();
  let bigSent = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const q = (name: string) => url.searchParams.get(name) ?? "";
    switch (url.pathname) {
      case "/ok":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(SMALL_HTML);
      case "/echo":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ host: req.headers.host, ua: req.headers["user-agent"] }));
      case "/redirect":
        res.writeHead(Number(q("status") || 302), { location: q("to") });
        return res.end();
      case "/chain": {
        const n = Number(q("n"));
        const next = n > 0 ? `/chain?n=${n - 1}&to=${encodeURIComponent(q("to"))}` : q("to");
        res.writeHead(302, { location: next });
        return res.end();
      }
      case "/gzip":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        return res.end(zlib.gzipSync(SMALL_HTML));
      case "/bomb": {
        const kind = q("kind") === "br" ? "br" : q("kind") === "deflate" ? "deflate" : "gzip";
        res.writeHead(200, { "content-type": "text/html", "content-encoding": kind });
        return res.end(bomb[kind]);
      }
      case "/corrupt":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        return res.end(Buffer.from("this is not gzip at all"));
      case "/big":
        return streamBig(res, (n) => {
          bigSent = n;
        });
      case "/status":
        res.writeHead(Number(q("code") || 500), { "content-type": "text/plain" });
        return res.end("error page");
      case "/stall-headers":
        return; // never answers
      case "/stall-body":
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<html>"); // and nothing more
        return;
      case "/drip": {
        res.writeHead(200, { "content-type": "text/plain" });
        const interval = setInterval(() => res.write("."), 20);
        res.on("close", () => clearInterval(interval));
        return;
      }
      default:
        res.writeHead(404);
        res.end();
    }
  });
  const port = await listen(server, { host: options.host, port: options.port ?? 0 });
  return {
    host: options.host,
    port,
    origin: `http://${options.host}:${port}`,
    hits,
    bigBytesSent: () => bigSent,
    close: () => closeServer(server),
  };
}

/** 10 MB of text in 64 KB chunks, honouring back-pressure, stopping when the client goes. */
function streamBig(res: http.ServerResponse, report: (sent: number) => void): void {
  res.writeHead(200, { "content-type": "text/plain", "content-length": String(BIG_BYTES) });
  const chunk = Buffer.alloc(64 * 1024, "a");
  let sent = 0;
  const pump = () => {
    while (sent < BIG_BYTES && !res.destroyed) {
      sent += chunk.length;
      report(sent);
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

export interface TlsStandIn extends Closable {
  port: number;
  ca: string;
}

const TLS_FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "fixtures/tls");

/**
 * An https stand-in with a committed self-signed test certificate (valid 100 years) that names
 * only `secure.test`. Test-only key: it protects nothing.
 */
export async function startTlsStandIn(options: { host: string }): Promise<TlsStandIn> {
  const ca = fs.readFileSync(path.join(TLS_FIXTURES, "secure-test.cert.pem"), "utf8");
  const key = fs.readFileSync(path.join(TLS_FIXTURES, "secure-test.key.pem"));
  const server = https.createServer({ key, cert: ca }, (req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ host: req.headers.host, secure: true }));
  });
  const port = await listen(server, { host: options.host, port: 0 });
  return { port, ca, close: () => closeServer(server) };
}
