import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDns, startFakeDns } from "../../../../e2e/fakes/dns-server.ts";
import { installLoopbackTripwire, type Tripwire } from "../../test/loopback-tripwire.ts";
import {
  type Allowed,
  startAllowed,
  startTlsStandIn,
  startVictims,
  type TlsStandIn,
  type Victims,
} from "../../test/web-fetch-stand-ins.ts";
import { createWebFetch, type FetchPage } from "./web-fetch.ts";
import { WebFetchError } from "./web-fetch-error.ts";
import { createSystemResolver } from "./web-fetch-resolve.ts";

/** Gate G6, second half: body and time caps, aborts, encodings, TLS, on loopback only. */

let tripwire: Tripwire;
let victims: Victims;
let allowed: Allowed;
let tlsStandIn: TlsStandIn;
let dns: FakeDns;
let fetchPage: FetchPage;

async function refusal(promise: Promise<unknown>): Promise<WebFetchError> {
  const error = await promise.then(
    () => new Error("fetch succeeded"),
    (e: unknown) => e,
  );
  if (!(error instanceof WebFetchError)) throw error;
  return error;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

beforeAll(async () => {
  tripwire = installLoopbackTripwire();
  victims = await startVictims();
  allowed = await startAllowed({ host: "127.0.0.5", port: victims.port });
  tlsStandIn = await startTlsStandIn({ host: "127.0.0.6" });
  dns = await startFakeDns();
  dns.set("secure.test", { a: ["127.0.0.6"] });
  dns.blackhole("slow-dns.test");
  ({ fetchPage } = createWebFetch({
    dnsServers: [dns.server],
    allowAddresses: ["127.0.0.5", "127.0.0.6"],
    ca: tlsStandIn.ca,
    timeoutMs: 5000,
  }));
});

afterAll(async () => {
  tripwire?.restore();
  await Promise.all([victims?.close(), allowed?.close(), tlsStandIn?.close(), dns?.close()]);
});

describe("web fetch: body cap", () => {
  it("cuts a 10 MB body at the 2 MB default and stops reading", async () => {
    const { value: page, ms } = await timed(() => fetchPage({ url: `${allowed.origin}/big` }));
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(2 * 1024 * 1024);
    expect(ms).toBeLessThan(3000);
    const small = await fetchPage({ url: `${allowed.origin}/ok`, maxBytes: 10 });
    expect(small).toMatchObject({ truncated: true });
    expect(small.body.toString()).toBe("<!doctype ");
  });

  it.each(["gzip", "br", "deflate"])("refuses a %s bomb within the cap", async (kind) => {
    const { value: error, ms } = await timed(() =>
      refusal(fetchPage({ url: `${allowed.origin}/bomb?kind=${kind}` })),
    );
    expect(error.reason).toBe("too_large");
    expect(ms).toBeLessThan(3000);
  });

  it("decodes a small gzip body, and refuses a corrupt one", async () => {
    const page = await fetchPage({ url: `${allowed.origin}/gzip` });
    expect(page.body.toString()).toContain("allowed stand-in");
    const corrupt = await refusal(fetchPage({ url: `${allowed.origin}/corrupt` }));
    expect(corrupt.reason).toBe("bad_encoding");
  });

  it("reports an upstream error status as http_error", async () => {
    for (const code of [404, 500]) {
      const error = await refusal(fetchPage({ url: `${allowed.origin}/status?code=${code}` }));
      expect(error).toMatchObject({ reason: "http_error", detail: { status: code } });
    }
  });
});

describe("web fetch: time budget and abort", () => {
  it.each([
    ["a server that never answers", "/stall-headers"],
    ["a body that stalls", "/stall-body"],
    ["a body that drips forever", "/drip"],
  ])("times out on %s within the budget", async (_label, path) => {
    const { value: error, ms } = await timed(() =>
      refusal(fetchPage({ url: `${allowed.origin}${path}`, timeoutMs: 300 })),
    );
    expect(error.reason).toBe("timeout");
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(10_000);
  });

  it("times out on a DNS server that never answers", async () => {
    const { value: error, ms } = await timed(() =>
      refusal(fetchPage({ url: "http://slow-dns.test/", timeoutMs: 300 })),
    );
    expect(error.reason).toBe("timeout");
    expect(ms).toBeLessThan(10_000);
  });

  it("stops when the caller aborts, and never starts when already aborted", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { value: error, ms } = await timed(() =>
      refusal(fetchPage({ url: `${allowed.origin}/stall-headers`, signal: controller.signal })),
    );
    expect(error.reason).toBe("aborted");
    expect(ms).toBeLessThan(10_000);
    const before = allowed.hits.get("/ok") ?? 0;
    const aborted = await refusal(
      fetchPage({ url: `${allowed.origin}/ok`, signal: AbortSignal.abort() }),
    );
    expect(aborted.reason).toBe("aborted");
    expect(allowed.hits.get("/ok") ?? 0).toBe(before);
  });
});

describe("web fetch: https and resolution", () => {
  it("verifies TLS against the original name while connecting to the checked address", async () => {
    const page = await fetchPage({ url: `https://secure.test:${tlsStandIn.port}/` });
    expect(JSON.parse(page.body.toString())).toEqual({
      host: `secure.test:${tlsStandIn.port}`,
      secure: true,
    });
    const byAddress = await refusal(fetchPage({ url: `https://127.0.0.6:${tlsStandIn.port}/` }));
    expect(byAddress.reason).toBe("network");
    const untrusting = createWebFetch({ dnsServers: [dns.server], allowAddresses: ["127.0.0.6"] });
    const untrusted = await refusal(
      untrusting.fetchPage({ url: `https://secure.test:${tlsStandIn.port}/` }),
    );
    expect(untrusted.reason).toBe("network");
  });

  it("the default resolver is the OS one (/etc/hosts)", async () => {
    const resolve = createSystemResolver();
    const addresses = await resolve({
      hostname: "localhost",
      signal: new AbortController().signal,
    });
    expect(addresses).toContain("127.0.0.1");
  });

  it("0 hits on every victim, nothing outside loopback", () => {
    expect(victims.hits()).toBe(0);
    expect(tripwire.violations).toEqual([]);
    expect(tripwire.connects()).toBeGreaterThan(0); // the tripwire did see this file's sockets
  });
});
