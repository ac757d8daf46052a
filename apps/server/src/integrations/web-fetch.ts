import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import tls from "node:tls";
import type { Logger } from "../lib/logger.ts";
import { readBody } from "./web-fetch-body.ts";
import { asWebFetchError, WebFetchError } from "./web-fetch-error.ts";
import {
  blockedReason,
  canonicalAddress,
  hostLiteral,
  isLocalName,
  isNumericLookalike,
  parseTarget,
  pinnedLookup,
} from "./web-fetch-policy.ts";
import {
  createServerResolver,
  createSystemResolver,
  type ResolveHost,
} from "./web-fetch-resolve.ts";

/**
 * The only way the server talks HTTP to the outside world (ARCHITECTURE.md §5, SECURITY.md G6).
 *
 * - http: and https: only, parsed with WHATWG URL; no credentials in URLs; no "bad ports".
 * - The host is resolved here (every A and AAAA record) and refused if ANY address is not public
 *   (see web-fetch-policy.ts). The socket then connects only to those checked addresses through a
 *   pinned `lookup`, so DNS rebinding between check and connect is impossible; Host and TLS SNI
 *   keep the original name, and certificates are verified against it.
 * - Redirects are followed by hand (at most 5), each hop parsed, resolved and checked again.
 * - One time budget (default 8 s) covers resolution, every hop and the body; the caller's
 *   AbortSignal cancels at any point. Bodies are capped (default 2 MB) after decompression.
 * - No connection pooling (agent: false), so nothing is ever reused across hosts or checks.
 */

export interface WebFetchOptions {
  userAgent?: string;
  /** DNS servers to query directly ("127.0.0.1:5353") instead of the OS resolver. */
  dnsServers?: string[];
  /** Name resolution of your own; wins over dnsServers. Default: the OS resolver. */
  resolve?: ResolveHost;
  /**
   * DANGER: exact IP addresses that may be fetched although they are not public. Exists for tests
   * (stand-in servers on 127.0.0.x) and for operators who knowingly fetch from one internal host.
   * Matched per address after normalisation (::ffff:a.b.c.d = a.b.c.d), never as a range. Empty
   * by default.
   */
  allowAddresses?: string[];
  maxRedirects?: number;
  /** Default body cap in bytes, after decompression (2 MB). */
  maxBytes?: number;
  /** Default total time budget per fetch in ms (8 s). */
  timeoutMs?: number;
  /** Extra trusted CA certificates (PEM), added to Node's bundled roots. */
  ca?: string;
  logger?: Logger;
}

export interface FetchPageOptions {
  url: string;
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
  /** The Accept header; default prefers HTML and text. */
  accept?: string;
  /** GET (default) or POST. A POST is never redirected: a 3xx answer is an http_error. */
  method?: "GET" | "POST";
  /** The request body (POST only), sent as is; set its content-type in `headers`. */
  body?: string;
  /** Extra request headers (API keys, content-type); they cannot replace host or connection. */
  headers?: Record<string, string>;
  /**
   * DANGER: exact IP addresses THIS request may reach although they are not public, on top of the
   * instance's allowAddresses (same matching rules), and only while it stays on the requested
   * URL's exact origin (scheme, host and port): a redirect to any other origin, even another port
   * of the same address, is checked without them. For an operator-configured internal service
   * (SEARXNG_URL), never for addresses taken from user input or from a fetched page.
   */
  allowAddresses?: string[];
}

export interface FetchedPage {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
  /** True when a plain body was longer than maxBytes and was cut there. */
  truncated: boolean;
}

export type FetchPage = (options: FetchPageOptions) => Promise<FetchedPage>;

export const DEFAULT_USER_AGENT =
  "Mozilla/5.0 (compatible; NexusFetcher/1.0; self-hosted answer engine)";
const DEFAULT_ACCEPT = "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be > 0`);
  return value;
}

function flatHeaders(response: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

export function createWebFetch(options: WebFetchOptions = {}): { fetchPage: FetchPage } {
  const resolve =
    options.resolve ??
    (options.dnsServers
      ? createServerResolver({ servers: options.dnsServers })
      : createSystemResolver());
  const allowed = new Set((options.allowAddresses ?? []).map((a) => canonicalAddress(a)));
  const maxRedirects = options.maxRedirects ?? 5;
  const defaultMaxBytes = positive(options.maxBytes ?? 2 * 1024 * 1024, "maxBytes");
  const defaultTimeoutMs = positive(options.timeoutMs ?? 8000, "timeoutMs");
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const ca = options.ca ? [...tls.rootCertificates, options.ca] : undefined;

  type Check = (address: string) => string | null;
  const checkFor = (extra: readonly string[]): Check => {
    const also = new Set(extra.map((a) => canonicalAddress(a)));
    return (address) => {
      if (!isIP(address)) return "not an ip address";
      const canonical = canonicalAddress(address);
      if (allowed.has(canonical) || also.has(canonical)) return null;
      return blockedReason(address);
    };
  };

  /** Every address the host stands for, all checked; throws unless every one is allowed. */
  async function addressesFor(url: URL, signal: AbortSignal, check: Check): Promise<string[]> {
    const literal = hostLiteral(url.hostname);
    let addresses: string[];
    if (literal !== null) {
      addresses = [literal];
    } else {
      if (isLocalName(url.hostname) || isNumericLookalike(url.hostname))
        throw new WebFetchError(
          "blocked_address",
          { url: url.href, why: "local name" },
          { writtenPrivate: isLocalName(url.hostname) },
        );
      try {
        addresses = await resolve({ hostname: url.hostname, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new WebFetchError("dns", { url: url.href, why: String(error) });
      }
      if (addresses.length === 0)
        throw new WebFetchError("dns", { url: url.href, why: "no addresses" });
    }
    for (const address of addresses) {
      const why = check(address);
      if (why !== null)
        throw new WebFetchError(
          "blocked_address",
          { url: url.href, why: `${address}: ${why}` },
          { writtenPrivate: literal !== null },
        );
    }
    return addresses;
  }

  interface Outgoing {
    signal: AbortSignal;
    accept: string;
    method: "GET" | "POST";
    body: string | undefined;
    headers: Record<string, string>;
    check: Check;
  }

  /** The requested origin with the request's own allowance; every other origin without it. */
  interface Checks {
    origin: string;
    own: Check;
    other: Check;
  }

  function open(
    request: Outgoing & { url: URL; addresses: string[] },
  ): Promise<http.IncomingMessage> {
    const { url, addresses, signal, accept, method, body, check } = request;
    const hostname = hostLiteral(url.hostname) ?? url.hostname;
    const secure = url.protocol === "https:";
    const requestOptions: https.RequestOptions = {
      protocol: url.protocol,
      host: hostname,
      port: url.port === "" ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method,
      headers: {
        ...request.headers,
        ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
        host: url.host,
        "user-agent": userAgent,
        accept,
        "accept-encoding": "gzip, deflate, br",
        connection: "close",
      },
      agent: false,
      lookup: pinnedLookup({ hostname, addresses, check }),
      signal,
    };
    if (secure) {
      if (isIP(hostname) === 0) requestOptions.servername = hostname.replace(/\.$/, "");
      if (ca) requestOptions.ca = ca;
    }
    return new Promise((resolvePromise, reject) => {
      const req = (secure ? https : http).request(requestOptions);
      req.once("response", resolvePromise);
      req.on("error", reject); // stays attached: a late error after the response is harmless
      req.end(body);
    });
  }

  async function follow(
    request: Omit<Outgoing, "check"> & { url: string; maxBytes: number; allow: string[] },
  ): Promise<FetchedPage> {
    let url = parseTarget({ href: request.url });
    const checks: Checks = {
      origin: url.origin,
      own: checkFor(request.allow),
      other: checkFor([]),
    };
    for (let hop = 0; ; hop++) {
      // Each hop is checked again, with the request's allowance only on its first origin.
      const check = url.origin === checks.origin ? checks.own : checks.other;
      const addresses = await addressesFor(url, request.signal, check);
      const response = await open({ ...request, url, addresses, check });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location && request.method === "GET") {
        response.destroy();
        if (hop >= maxRedirects)
          throw new WebFetchError("too_many_redirects", { url: url.href, status });
        url = parseTarget({ href: location, base: url });
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new WebFetchError("http_error", { url: url.href, status });
      }
      const { body, truncated } = await readBody({ response, maxBytes: request.maxBytes });
      if (request.signal.aborted) throw request.signal.reason;
      const headers = flatHeaders(response);
      return {
        url: url.href,
        status,
        headers,
        contentType: headers["content-type"] ?? "",
        body,
        truncated,
      };
    }
  }

  const fetchPage: FetchPage = async (request) => {
    const maxBytes = positive(request.maxBytes ?? defaultMaxBytes, "maxBytes");
    const timeoutMs = positive(request.timeoutMs ?? defaultTimeoutMs, "timeoutMs");
    const shown = request.url.slice(0, 200);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new WebFetchError("timeout", { url: shown, why: `${timeoutMs} ms` })),
      timeoutMs,
    );
    const onCallerAbort = () => controller.abort(new WebFetchError("aborted", { url: shown }));
    if (request.signal?.aborted) onCallerAbort();
    else request.signal?.addEventListener("abort", onCallerAbort, { once: true });
    try {
      if (controller.signal.aborted) throw controller.signal.reason;
      return await follow({
        url: request.url,
        signal: controller.signal,
        maxBytes,
        accept: request.accept ?? DEFAULT_ACCEPT,
        method: request.method ?? "GET",
        body: request.body,
        headers: request.headers ?? {},
        allow: request.allowAddresses ?? [],
      });
    } catch (error) {
      const failure = asWebFetchError({ error, signal: controller.signal, url: shown });
      options.logger?.debug(
        { reason: failure.reason, url: failure.detail.url, why: failure.detail.why },
        "web fetch failed",
      );
      throw failure;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onCallerAbort);
    }
  };

  return { fetchPage };
}
