import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDns, startFakeDns } from "../../../../../e2e/fakes/dns-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { startVictims, type Victims } from "../../../test/web-fetch-stand-ins.ts";
import { createServerResolver } from "../../integrations/web-fetch-resolve.ts";
import { readUrl } from "./read-url.ts";
import { SourceBook } from "./tool-context.ts";

/**
 * read-url's failures must not tell an internal name that exists from one that does not: a name
 * resolving to a private or loopback address (refused) and a name with no record (NXDOMAIN) give
 * the model and the person the same words, so a page cannot make the model probe internal DNS.
 * Names resolve through a fake DNS server on loopback; the victims count any connection.
 */
let h: Harness;
let dns: FakeDns;
let victims: Victims;

beforeAll(async () => {
  dns = await startFakeDns();
  victims = await startVictims();
  dns.set("intranet.corp.test", { a: ["10.20.30.40"] });
  dns.set("loopback.corp.test", { a: ["127.0.0.1"] });
  h = await createHarness(
    {},
    { webFetch: { resolve: createServerResolver({ servers: [dns.server] }) } },
  );
});
afterAll(async () => {
  await h.close();
  await dns.close();
  await victims.close();
});

async function failureOf(url: string): Promise<string> {
  const ctx = {
    deps: h.deps,
    caller: { user: null, anonId: null, ip: "203.0.113.9" },
    signal: new AbortController().signal,
    sources: new SourceBook(() => undefined, [url]),
  };
  const error = await readUrl(ctx, url).then(
    () => new Error("read"),
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw error;
  return error.message;
}

describe("read-url: an internal name that exists reads like one that does not", () => {
  it("gives the same message for a private name, a loopback name and an unknown name", async () => {
    const p = victims.port;
    const messages = await Promise.all(
      [
        ["intranet.corp.test", `http://intranet.corp.test:${p}/`],
        ["loopback.corp.test", `http://loopback.corp.test:${p}/`],
        ["nowhere.corp.test", `http://nowhere.corp.test:${p}/`],
      ].map(async ([host = "", url = ""]) => (await failureOf(url)).replace(host, "<host>")),
    );
    expect(messages).toEqual([
      "<host> could not be reached.",
      "<host> could not be reached.",
      "<host> could not be reached.",
    ]);
    // The names were really looked up (the private ones found), and nothing was connected to.
    expect(dns.queries.map((q) => q.name)).toEqual(
      expect.arrayContaining(["intranet.corp.test", "loopback.corp.test", "nowhere.corp.test"]),
    );
    expect(victims.hits()).toBe(0);
  });
});

describe("read-url: an address written as private or local", () => {
  it("says so and names the operator's setting, without a lookup or a connection", async () => {
    const p = victims.port;
    const before = dns.queries.length;
    const HINT =
      "could not be reached: this server does not read private or local addresses. Its operator can allow one with WEB_FETCH_ALLOW_ADDRESSES.";
    expect(await failureOf(`http://127.0.0.1:${p}/`)).toBe(`127.0.0.1 ${HINT}`);
    expect(await failureOf(`http://10.20.30.40:${p}/`)).toBe(`10.20.30.40 ${HINT}`);
    expect(await failureOf(`http://localhost:${p}/`)).toBe(`localhost ${HINT}`);
    // A name is looked up, and then reads like any unreachable name (the test above).
    expect(await failureOf(`http://intranet.corp.test:${p}/`)).toBe(
      "intranet.corp.test could not be reached.",
    );
    // Only the name was looked up (its A and AAAA records), never the written addresses.
    expect(new Set(dns.queries.slice(before).map((q) => q.name))).toEqual(
      new Set(["intranet.corp.test"]),
    );
    expect(victims.hits()).toBe(0);
  });
});
