import { isIPv6 } from "node:net";
import { TIER_LIMITS } from "@nexus/contracts";
import { createDatabase, schema } from "@nexus/db";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { runDailyJobs } from "../src/jobs.ts";
import * as usage from "../src/modules/usage/usage.service.ts";
import { APP_URL, createHarness, type Harness } from "./harness.ts";

/**
 * Issue 11, findings 2, 3 and 7: limits and quotas key on the client network as one trusted
 * proxy hop reports it (TRUST_PROXY=1, appended to X-Forwarded-For as nginx does), and live in
 * PostgreSQL, so N instances enforce one limit and a restart forgets nothing.
 */
const SIGNIN_LIMIT = 5;
const LEADS_LIMIT = 4;
const ANON_LIMIT = TIER_LIMITS.anonymous.search;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    TRUST_PROXY: "1",
    SIGNIN_RATE_LIMIT: String(SIGNIN_LIMIT),
    LEADS_RATE_LIMIT: String(LEADS_LIMIT),
  });
});
afterAll(async () => {
  await h.close();
});

let anonSeq = 0;
const nextAnon = () => `anon_1795000000000_limits${String(++anonSeq).padStart(4, "0")}`;

/** Another server process on the same database: its own pool, its own app. */
function instance() {
  const database = createDatabase({ url: h.db.url, max: 4 });
  const app = createApp({ ...h.deps, db: database.db });
  const request = async (path: string, options: { body: unknown; client: string }) =>
    await app.request(`${APP_URL}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": options.client },
      body: JSON.stringify(options.body),
    });
  return { request, close: () => database.close() };
}

const check = async (client: string) =>
  (
    await h.request("/api/usage/check?counter=search", {
      anonId: nextAnon(),
      forwardedFor: `203.0.113.250, ${client}`,
    })
  ).json();

describe("limits shared by every instance (PostgreSQL)", () => {
  it("holds a limit of N in total across two instances, and a restarted one keeps the counts", async () => {
    h.clock.set("2026-11-25T12:00:10Z");
    const [a, b] = [instance(), instance()];
    try {
      const linkStatuses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? a : b)
            .request("/api/auth/email-link", {
              body: { email: `shared${i}@acme.com` },
              client: "198.51.100.20",
            })
            .then((res) => res.status),
        ),
      );
      expect(linkStatuses.filter((s) => s === 202)).toHaveLength(SIGNIN_LIMIT);
      expect(linkStatuses.filter((s) => s === 429)).toHaveLength(12 - SIGNIN_LIMIT);

      const leadStatuses = [];
      for (let i = 0; i < 8; i++) {
        const res = await (i % 2 ? a : b).request("/api/leads", {
          body: { fullName: `Lead ${i}`, email: `lead${i}@acme.com` },
          client: "198.51.100.21",
        });
        leadStatuses.push(res.status);
      }
      expect(leadStatuses).toEqual([
        ...new Array(LEADS_LIMIT).fill(202),
        ...new Array(8 - LEADS_LIMIT).fill(429),
      ]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // "Restart": a new process on the same database still refuses.
    const restarted = instance();
    try {
      const again = await restarted.request("/api/auth/email-link", {
        body: { email: "after-restart@acme.com" },
        client: "198.51.100.20",
      });
      expect(again.status).toBe(429);
      const lead = await restarted.request("/api/leads", {
        body: { fullName: "Lead 9", email: "lead9@acme.com" },
        client: "198.51.100.21",
      });
      expect(lead.status).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it("forgets ended windows at the daily housekeeping, keeping the current ones", async () => {
    h.clock.set("2026-11-26T12:00:10Z");
    const fresh = await h.request("/api/auth/email-link", {
      method: "POST",
      body: { email: "fresh@acme.com" },
      forwardedFor: "198.51.100.22",
    });
    expect(fresh.status).toBe(202);
    const before = await h.db.db.select().from(schema.rateLimits);
    await runDailyJobs(h.deps);
    const after = await h.db.db.select().from(schema.rateLimits);
    expect(after.length).toBeGreaterThan(0);
    expect(after.length).toBeLessThan(before.length);
    for (const row of after)
      expect(row.expiresAt.getTime()).toBeGreaterThan(h.clock.now().getTime());
  });
});

describe("client addresses that cannot be forged", () => {
  it("gives a forged X-Forwarded-For through one appending proxy no new anonymous quota", async () => {
    h.clock.set("2026-11-25T15:00:00Z");
    const real = "198.51.100.30";
    await usage.consume({
      deps: h.deps,
      caller: { user: null, anonId: null, ip: real },
      counter: "search",
      amount: ANON_LIMIT,
    });
    for (const forged of ["1.2.3.4", "5.6.7.8", "2001:db8::1", "unknown", "9.9.9.9, 8.8.8.8"]) {
      const res = await h.request("/api/answer", {
        method: "POST",
        body: { text: "What is Nexus?" },
        anonId: nextAnon(),
        forwardedFor: `${forged}, ${real}`,
      });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({
        error: { code: "quota_exceeded" },
        details: { current: ANON_LIMIT },
      });
    }
  });

  it("makes 200 addresses of one IPv6 /64 share one quota", async () => {
    h.clock.set("2026-11-25T16:00:00Z");
    const addresses = Array.from(
      { length: 200 },
      (_, i) =>
        `2001:db8:77:1:${((i * 7919) % 0xffff).toString(16)}:${i.toString(16)}:beef:${i + 1}`,
    );
    expect(new Set(addresses).size).toBe(200);
    expect(addresses.every((address) => isIPv6(address))).toBe(true);
    const results = await Promise.all(
      addresses.map((ip) =>
        usage.consume({
          deps: h.deps,
          caller: { user: null, anonId: nextAnon(), ip },
          counter: "search",
        }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(ANON_LIMIT);
    expect(await check("2001:db8:77:1::abcd")).toMatchObject({
      allowed: false,
      current: ANON_LIMIT,
    });
    expect(await check("[2001:DB8:77:1:ffff:ffff:ffff:fffe]:443")).toMatchObject({
      allowed: false,
    });
    // The neighbouring /64 is another subscriber.
    expect(await check("2001:db8:77:2::1")).toMatchObject({ allowed: true, current: 0 });
  });

  it("keys an IPv4-mapped IPv6 caller as its IPv4 address", async () => {
    h.clock.set("2026-11-25T17:00:00Z");
    await usage.consume({
      deps: h.deps,
      caller: { user: null, anonId: null, ip: "198.51.100.40" },
      counter: "search",
      amount: 7,
    });
    for (const mapped of ["::ffff:198.51.100.40", "::ffff:c633:6428", "198.51.100.40"]) {
      expect(await check(mapped)).toMatchObject({ current: 7 });
    }
    expect(await check("198.51.100.41")).toMatchObject({ current: 0 });
  });
});

describe("forwarded-header fuzz (G1)", () => {
  it("never answers 5xx and never keys on text that is not an address, whatever X-Forwarded-For says", async () => {
    const entry = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.ipV4().map((ip) => `::ffff:${ip}`),
      fc.ipV6().map((ip) => `[${ip}]:${443}`),
      fc.string({
        unit: fc.constantFrom(..."0123456789abcdefxyz:.[]%;-_ ".split("")),
        maxLength: 40,
      }),
      fc.constantFrom("unknown", "", "%", "[", "::ffff:", "1.2.3.4:99999", "::ffff:1.2.3"),
    );
    const header = fc
      .array(entry, { maxLength: 6 })
      .map((list) => list.join(", ").trim() || undefined);
    const bad: string[] = [];
    h.clock.set("2026-11-27T12:00:00Z");
    await fc.assert(
      fc.asyncProperty(header, fc.constantFrom(0, 1, 2), async (forwarded, route) => {
        const res =
          route === 0
            ? await h.request("/api/usage/check?counter=search", { forwardedFor: forwarded })
            : route === 1
              ? await h.request("/api/shares/aaaaaaaaaaaaaaaaaaaaaa", { forwardedFor: forwarded })
              : await h.request("/api/discover?topic=tech", { forwardedFor: forwarded });
        if (res.status >= 500) bad.push(`${route} ${JSON.stringify(forwarded)} → ${res.status}`);
        await res.arrayBuffer();
      }),
      { numRuns: 300 },
    );
    expect(bad).toEqual([]);
    const keys = await h.db.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits);
    for (const { key } of keys)
      expect(key).toMatch(/^(unknown|[\d.]+|[\da-f:]+::\/64|[A-Za-z0-9_-]{43})$/);
  }, 120_000);
});
