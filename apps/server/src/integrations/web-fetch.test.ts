import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDns, startFakeDns } from "../../../../e2e/fakes/dns-server.ts";
import { installLoopbackTripwire, type Tripwire } from "../../test/loopback-tripwire.ts";
import {
  type Allowed,
  startAllowed,
  startVictims,
  type Victims,
} from "../../test/web-fetch-stand-ins.ts";
import { createWebFetch, DEFAULT_USER_AGENT, type FetchPage } from "./web-fetch.ts";
import { WebFetchError, type WebFetchReason } from "./web-fetch-error.ts";

/**
 * Gate G6 (SECURITY.md): every form below is refused, and the victim servers listening on the
 * same port on 127.0.0.1, 127.0.0.2 and [::1] count 0 connections over the whole file. {P} is the
 * victims' port, {A} the allowed stand-in (127.0.0.5:{P}, reachable only through allowAddresses).
 * "Public" answers of the fake DNS are never connected to: they always travel with a private one.
 */
const REFUSED: [string, WebFetchReason][] = [
  // IPv4 loopback in every spelling WHATWG URL canonicalises
  ["http://127.0.0.1:{P}/", "blocked_address"],
  ["http://127.1:{P}/", "blocked_address"],
  ["http://127.0.1:{P}/", "blocked_address"],
  ["http://0x7f.1:{P}/", "blocked_address"],
  ["http://0x7f000001:{P}/", "blocked_address"],
  ["http://2130706433:{P}/", "blocked_address"],
  ["http://017700000001:{P}/", "blocked_address"],
  ["http://0177.0.0.1:{P}/", "blocked_address"],
  ["http://0x7f.0.0.1:{P}/", "blocked_address"],
  ["http://0177.0x0.0.01:{P}/", "blocked_address"],
  ["http://0x7f.0x00.0x00.0x01:{P}/", "blocked_address"],
  ["http://127.000.000.001:{P}/", "blocked_address"],
  ["http://%31%32%37.0.0.1:{P}/", "blocked_address"],
  ["http://１２７.０.０.１:{P}/", "blocked_address"],
  ["http://127。0。0。1:{P}/", "blocked_address"],
  ["http://127.0.0.1.:{P}/", "blocked_address"],
  ["http://127.0.0.2:{P}/", "blocked_address"],
  ["http://127.255.255.254:{P}/", "blocked_address"],
  ["HTTP://127.0.0.1:{P}/", "blocked_address"],
  ["http:127.0.0.1:{P}/", "blocked_address"],
  ["http:/127.0.0.1:{P}/", "blocked_address"],
  ["http:\\\\127.0.0.1:{P}\\", "blocked_address"],
  ["http://127.0.0.1:{P}\\@127.0.0.5:{P}/", "blocked_address"],
  ["https://127.0.0.1:{P}/", "blocked_address"],
  // "this host": 0.0.0.0/8
  ["http://0:{P}/", "blocked_address"],
  ["http://0.0.0.0:{P}/", "blocked_address"],
  ["http://0x0:{P}/", "blocked_address"],
  ["http://0.0.0.1:{P}/", "blocked_address"],
  // private
  ["http://10.0.0.1:{P}/", "blocked_address"],
  ["http://012.0.0.1:{P}/", "blocked_address"],
  ["http://0xa.0.0.1:{P}/", "blocked_address"],
  ["http://167772161:{P}/", "blocked_address"],
  ["http://10.255.255.255/", "blocked_address"],
  ["http://172.16.0.1/", "blocked_address"],
  ["http://172.31.255.254/", "blocked_address"],
  ["http://0xac100001/", "blocked_address"],
  ["http://192.168.0.1/", "blocked_address"],
  ["http://0300.0250.0.1/", "blocked_address"],
  ["http://3232235521/", "blocked_address"],
  // link-local and cloud metadata
  ["http://169.254.169.254/latest/meta-data/", "blocked_address"],
  ["http://2852039166/", "blocked_address"],
  ["http://0xa9fea9fe/", "blocked_address"],
  ["http://0251.0376.0251.0376/", "blocked_address"],
  ["http://0xa9.0xfe.0xa9.0xfe/", "blocked_address"],
  ["http://169.254.0.1/", "blocked_address"],
  ["http://192.0.0.192/", "blocked_address"],
  ["http://100.100.100.200/", "blocked_address"],
  // CGNAT, benchmarking, documentation, reserved, multicast, broadcast
  ["http://100.64.0.1/", "blocked_address"],
  ["http://100.127.255.254/", "blocked_address"],
  ["http://198.18.0.1/", "blocked_address"],
  ["http://198.19.255.254/", "blocked_address"],
  ["http://192.0.2.1/", "blocked_address"],
  ["http://198.51.100.7/", "blocked_address"],
  ["http://203.0.113.9/", "blocked_address"],
  ["http://240.0.0.1/", "blocked_address"],
  ["http://224.0.0.1/", "blocked_address"],
  ["http://239.255.255.250/", "blocked_address"],
  ["http://255.255.255.255/", "blocked_address"],
  ["http://4294967295/", "blocked_address"],
  // IPv6 literals, and IPv6 forms that carry a blocked IPv4
  ["http://[::1]:{P}/", "blocked_address"],
  ["http://[0:0:0:0:0:0:0:1]:{P}/", "blocked_address"],
  ["http://[::]:{P}/", "blocked_address"],
  ["http://[::ffff:127.0.0.1]:{P}/", "blocked_address"],
  ["http://[::ffff:7f00:1]:{P}/", "blocked_address"],
  ["http://[0:0:0:0:0:ffff:7f00:1]:{P}/", "blocked_address"],
  ["http://[::ffff:0:7f00:1]:{P}/", "blocked_address"],
  ["http://[::127.0.0.1]:{P}/", "blocked_address"],
  ["http://[64:ff9b::7f00:1]:{P}/", "blocked_address"],
  ["http://[64:ff9b::a9fe:a9fe]/", "blocked_address"],
  ["http://[64:ff9b:1::a00:1]/", "blocked_address"],
  ["http://[2002:7f00:1::]:{P}/", "blocked_address"],
  ["http://[2002:a9fe:a9fe::1]/", "blocked_address"],
  ["http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "blocked_address"],
  ["http://[::ffff:a9fe:a9fe]/", "blocked_address"],
  ["http://[::ffff:10.0.0.1]/", "blocked_address"],
  ["http://[::ffff:192.168.1.1]/", "blocked_address"],
  ["http://[::ffff:100.64.0.1]/", "blocked_address"],
  ["http://[fe80::1]/", "blocked_address"],
  ["http://[febf::1]/", "blocked_address"],
  ["http://[fc00::1]/", "blocked_address"],
  ["http://[fd00:ec2::254]/", "blocked_address"],
  ["http://[ff02::1]/", "blocked_address"],
  ["http://[fec0::1]/", "blocked_address"],
  ["http://[2001:db8::1]/", "blocked_address"],
  ["http://[100::1]/", "blocked_address"],
  ["http://[::1%25lo]:{P}/", "bad_url"],
  ["http://[fe80::1%25eth0]/", "bad_url"],
  // names: refused by name, or by what the fake DNS answers (any private answer refuses)
  ["http://localhost:{P}/", "blocked_address"],
  ["http://LOCALHOST.:{P}/", "blocked_address"],
  ["http://anything.localhost:{P}/", "blocked_address"],
  ["http://inside.test:{P}/", "blocked_address"],
  ["http://inside6.test:{P}/", "blocked_address"],
  ["http://mapped6.test:{P}/", "blocked_address"],
  ["http://nat64.test:{P}/", "blocked_address"],
  ["http://zero.test:{P}/", "blocked_address"],
  ["http://metadata.google.internal/computeMetadata/v1/", "blocked_address"],
  ["http://ten.test/", "blocked_address"],
  ["http://cgnat.test/", "blocked_address"],
  ["http://ula.test/", "blocked_address"],
  ["http://mixed.test:{P}/", "blocked_address"],
  ["http://mixed-last.test:{P}/", "blocked_address"],
  ["http://mixed46.test:{P}/", "blocked_address"],
  ["http://mixed-allowed.test:{P}/ok", "blocked_address"],
  ["http://nxdomain.test/", "dns"],
  // schemes other than http and https
  ["file:///etc/passwd", "bad_scheme"],
  ["file://127.0.0.1/etc/passwd", "bad_scheme"],
  ["ftp://127.0.0.1:{P}/", "bad_scheme"],
  ["gopher://127.0.0.1:{P}/_GET%20/", "bad_scheme"],
  ["data:text/html,<script>alert(1)</script>", "bad_scheme"],
  ["javascript:alert(1)", "bad_scheme"],
  ["dict://127.0.0.1:{P}/info", "bad_scheme"],
  ["ws://127.0.0.1:{P}/", "bad_scheme"],
  ["wss://127.0.0.1:{P}/", "bad_scheme"],
  ["ldap://127.0.0.1/", "bad_scheme"],
  ["sftp://127.0.0.1/", "bad_scheme"],
  ["tftp://127.0.0.1/x", "bad_scheme"],
  ["jar:http://127.0.0.1!/", "bad_scheme"],
  ["blob:http://127.0.0.5/0d2e", "bad_scheme"],
  ["view-source:http://127.0.0.1:{P}/", "bad_scheme"],
  // credentials (even to the allowed stand-in), bad ports, not URLs
  ["http://user:pass@{A}/ok", "credentials"],
  ["http://user@{A}/ok", "credentials"],
  ["http://:pass@{A}/ok", "credentials"],
  ["http://{A}@127.0.0.1:{P}/", "credentials"],
  ["http://127.0.0.5:0/ok", "bad_port"],
  ["http://127.0.0.1:0/", "bad_port"],
  ["http://127.0.0.5:25/", "bad_port"],
  ["http://127.0.0.5:6667/", "bad_port"],
  ["http://a.1/", "bad_url"],
  ["http://1.2.3.4.5/", "bad_url"],
  ["not a url", "bad_url"],
];

/** Redirects from the allowed stand-in: [status, Location, expected refusal]. */
const REDIRECTS: [number, string, WebFetchReason][] = [
  [301, "http://127.0.0.1:{P}/", "blocked_address"],
  [302, "http://[::1]:{P}/", "blocked_address"],
  [303, "//127.0.0.2:{P}/", "blocked_address"],
  [307, "http://inside.test:{P}/", "blocked_address"],
  [308, "http://2130706433:{P}/", "blocked_address"],
  [302, "http://[::ffff:7f00:1]:{P}/", "blocked_address"],
  [302, "http://169.254.169.254/latest/meta-data/", "blocked_address"],
  [307, "http://localhost:{P}/", "blocked_address"],
  [302, "http://mixed.test:{P}/", "blocked_address"],
  [302, "/\\127.0.0.1:{P}/", "blocked_address"],
  [302, "http:\\\\127.0.0.1:{P}\\", "blocked_address"],
  [302, "http://127.0.0.1:{P}\\@{A}/", "blocked_address"],
  [301, "file:///etc/passwd", "bad_scheme"],
  [302, "gopher://127.0.0.1:{P}/_x", "bad_scheme"],
  [302, "javascript:alert(1)", "bad_scheme"],
  [302, "data:text/plain,x", "bad_scheme"],
  [302, "http://{A}@127.0.0.1:{P}/", "credentials"],
  [308, "http://127.0.0.5:25/", "bad_port"],
];

let tripwire: Tripwire;
let victims: Victims;
let allowed: Allowed;
let dns: FakeDns;
let fetchPage: FetchPage;

const fill = (template: string) =>
  template.replaceAll("{P}", String(victims.port)).replaceAll("{A}", `127.0.0.5:${victims.port}`);
const allowedHits = () => [...allowed.hits.values()].reduce((a, b) => a + b, 0);

async function refusal(promise: Promise<unknown>): Promise<WebFetchError> {
  const error = await promise.then(
    () => new Error("fetch succeeded"),
    (e: unknown) => e,
  );
  if (!(error instanceof WebFetchError)) throw error;
  return error;
}

beforeAll(async () => {
  tripwire = installLoopbackTripwire();
  victims = await startVictims();
  allowed = await startAllowed({ host: "127.0.0.5", port: victims.port });
  dns = await startFakeDns();
  const answers: Record<string, { a?: string[]; aaaa?: string[] }> = {
    "inside.test": { a: ["127.0.0.1"] },
    "inside6.test": { aaaa: ["::1"] },
    "mapped6.test": { aaaa: ["::ffff:127.0.0.1"] },
    "nat64.test": { aaaa: ["64:ff9b::7f00:1"] },
    "zero.test": { a: ["0.0.0.0"] },
    "metadata.google.internal": { a: ["169.254.169.254"] },
    "ten.test": { a: ["10.1.2.3"] },
    "cgnat.test": { a: ["100.64.1.1"] },
    "ula.test": { aaaa: ["fd00:ec2::254"] },
    "mixed.test": { a: ["93.184.216.34", "127.0.0.1"] },
    "mixed-last.test": { a: ["127.0.0.1", "93.184.216.34"] },
    "mixed46.test": { a: ["93.184.216.34"], aaaa: ["::1"] },
    "mixed-allowed.test": { a: ["127.0.0.5", "127.0.0.1"] },
    "allowed.test": { a: ["127.0.0.5"] },
  };
  for (const [name, records] of Object.entries(answers)) dns.set(name, records);
  dns.rebind("rebind.test", { first: "127.0.0.5", after: "127.0.0.1" });
  dns.rebind("rebind-hop.test", { first: "127.0.0.5", after: "127.0.0.1" });
  ({ fetchPage } = createWebFetch({
    dnsServers: [dns.server],
    allowAddresses: ["127.0.0.5"],
    timeoutMs: 5000,
  }));
});

afterAll(async () => {
  tripwire?.restore();
  await Promise.all([victims?.close(), allowed?.close(), dns?.close()]);
});

describe("web fetch: gate G6 (SSRF)", () => {
  it("covers at least 60 distinct forms", () => {
    const forms = new Set([...REFUSED.map(([u]) => u), ...REDIRECTS.map(([s, u]) => `${s} ${u}`)]);
    expect(forms.size).toBe(REFUSED.length + REDIRECTS.length);
    expect(forms.size).toBeGreaterThanOrEqual(60);
  });

  it.each(REFUSED)("refuses %s (%s)", async (template, reason) => {
    const before = allowedHits();
    const error = await refusal(fetchPage({ url: fill(template) }));
    expect(error.reason).toBe(reason);
    expect(allowedHits()).toBe(before);
    expect(victims.hits()).toBe(0);
  });

  it.each(REDIRECTS)("refuses a %i redirect to %s (%s)", async (status, location, reason) => {
    const to = encodeURIComponent(fill(location));
    const url = `${allowed.origin}/redirect?status=${status}&to=${to}`;
    const error = await refusal(fetchPage({ url }));
    expect(error.reason).toBe(reason);
    expect(victims.hits()).toBe(0);
  });

  it("refuses the end of a chain of allowed redirects, and more than 5 redirects", async () => {
    const to = encodeURIComponent(fill("http://127.0.0.1:{P}/"));
    const chained = await refusal(fetchPage({ url: `${allowed.origin}/chain?n=3&to=${to}` }));
    expect(chained.reason).toBe("blocked_address");
    const loop = await refusal(fetchPage({ url: `${allowed.origin}/chain?n=10&to=%2Fok` }));
    expect(loop.reason).toBe("too_many_redirects");
    const five = await fetchPage({ url: `${allowed.origin}/chain?n=4&to=%2Fok` });
    expect(five.url).toBe(`${allowed.origin}/ok`);
  });

  it("defeats DNS rebinding: one answer is checked and connected to, the next is refused", async () => {
    const url = `http://rebind.test:${victims.port}/ok`;
    const first = await fetchPage({ url });
    expect(first.body.toString()).toContain("allowed stand-in");
    expect(dns.queries.filter((q) => q.name === "rebind.test" && q.type === "A")).toHaveLength(1);
    expect((await refusal(fetchPage({ url }))).reason).toBe("blocked_address");
    const hop = `http://rebind-hop.test:${victims.port}`;
    const rebound = encodeURIComponent(`${hop}/ok`);
    const error = await refusal(fetchPage({ url: `${hop}/redirect?to=${rebound}` }));
    expect(error.reason).toBe("blocked_address");
    expect(victims.hits()).toBe(0);
  });

  it("control: fetches the allowed stand-in and returns its body", async () => {
    const page = await fetchPage({ url: `${allowed.origin}/ok` });
    expect(page.status).toBe(200);
    expect(page.contentType).toBe("text/html; charset=utf-8");
    expect(page.body.toString()).toContain("<h1>allowed stand-in</h1>");
    expect(page.truncated).toBe(false);
    const mapped = await fetchPage({ url: `http://[::ffff:7f00:5]:${victims.port}/ok` });
    expect(mapped.status).toBe(200);
  });

  it("connects by name to the checked address, keeping Host and sending its User-Agent", async () => {
    const page = await fetchPage({ url: `http://allowed.test:${victims.port}/echo` });
    expect(JSON.parse(page.body.toString())).toEqual({
      host: `allowed.test:${victims.port}`,
      ua: DEFAULT_USER_AGENT,
    });
    const redirected = await fetchPage({ url: `${allowed.origin}/redirect?status=301&to=%2Fok` });
    expect(redirected.url).toBe(`${allowed.origin}/ok`);
  });

  it("allows nothing private by default (OS resolver, no allowAddresses)", async () => {
    const plain = createWebFetch();
    for (const url of [`${allowed.origin}/ok`, fill("http://localhost:{P}/")]) {
      expect((await refusal(plain.fetchPage({ url }))).reason).toBe("blocked_address");
    }
  });

  it("never asked DNS about localhost names, and 0 hits on every victim", () => {
    expect(dns.queries.some((q) => q.name.endsWith("localhost"))).toBe(false);
    expect(victims.hits()).toBe(0);
    expect(tripwire.violations).toEqual([]);
    expect(tripwire.connects()).toBeGreaterThan(0); // the tripwire did see this file's sockets
  });
});
