import { TIER_LIMITS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import * as usage from "./usage.service.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const anon = (n: number) => `anon_1795000000000_rotate${String(n).padStart(4, "0")}`;

async function userCaller(email: string) {
  const { userId } = await h.signIn(email);
  const [row] = await h.db.db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!row) throw new Error("no user");
  return { user: row, anonId: null, ip: "10.0.0.1" };
}

async function setCounter(
  subjectId: string,
  period: string,
  search: number,
  isAnonymous: boolean,
  userId: string | null = null,
) {
  await h.db.db
    .insert(schema.usageRecords)
    .values({ subjectId, userId, isAnonymous })
    .onConflictDoNothing();
  await h.db.db
    .insert(schema.usageCounters)
    .values({ subjectId, period, search })
    .onConflictDoUpdate({
      target: [schema.usageCounters.subjectId, schema.usageCounters.period],
      set: { search },
    });
}

describe("usage check", () => {
  it("returns {allowed, current, limit, tier} from the limits table", async () => {
    const res = await h.request("/api/usage/check?counter=search", { anonId: anon(1) });
    expect(await res.json()).toEqual({ allowed: true, current: 0, limit: 100, tier: "anonymous" });
    expect((await h.request("/api/usage/check?counter=bogus")).status).toBe(400);
    expect((await h.request("/api/usage/check")).status).toBe(400);
  });

  it("treats a limit of 0 as unlimited", async () => {
    const caller = { user: null, anonId: anon(2), ip: "10.9.9.9" };
    expect(TIER_LIMITS.anonymous.addFiles).toBe(0);
    for (let i = 0; i < 3; i++)
      expect((await usage.consume({ deps: h.deps, caller, counter: "addFiles" })).allowed).toBe(
        true,
      );
    expect(await usage.check({ deps: h.deps, caller, counter: "addFiles" })).toEqual({
      allowed: true,
      current: 3,
      limit: 0,
      tier: "anonymous",
    });
  });

  it("summarises each counter against the caller's tier with the period and reset time", async () => {
    h.clock.set("2026-11-22T10:00:00Z");
    const caller = await userCaller("summary@acme.com");
    await usage.consume({ deps: h.deps, caller, counter: "search" });
    const cookie = (await h.signIn("summary@acme.com")).cookie;
    const body = await (await h.request("/api/usage", { cookie })).json();
    expect(body).toEqual({
      tier: "free",
      period: "monthly",
      periodKey: "2026-11",
      resetsAt: "2026-12-01T00:00:00.000Z",
      counters: {
        search: { current: 1, limit: 300 },
        addFiles: { current: 0, limit: 30 },
        agentUsage: { current: 0, limit: 5 },
      },
    });
  });
});

describe("quota enforcement (G9)", () => {
  it("allows exactly one of 50 parallel requests when one unit is left", async () => {
    h.clock.set("2026-11-22T10:00:00Z");
    const caller = await userCaller("last-unit@acme.com");
    await setCounter(caller.user.id, "2026-11", TIER_LIMITS.free.search - 1, false, caller.user.id);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => usage.consume({ deps: h.deps, caller, counter: "search" })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
    const after = await usage.check({ deps: h.deps, caller, counter: "search" });
    expect(after).toEqual({ allowed: false, current: 300, limit: 300, tier: "free" });
  });

  it("allows exactly one of 50 parallel anonymous requests sharing an address", async () => {
    h.clock.set("2026-11-22T10:00:00Z");
    await setCounter("ip:10.1.1.1", "2026-11-22", 99, true);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        usage.consume({
          deps: h.deps,
          caller: { user: null, anonId: anon(100 + i), ip: "10.1.1.1" },
          counter: "search",
        }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
  });

  it("allows exactly one of 50 parallel first requests of a period (rows not there yet)", async () => {
    h.clock.set("2026-11-22T10:00:00Z");
    const caller = await userCaller("first-of-period@acme.com");
    const all = TIER_LIMITS.free.search;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        usage.consume({ deps: h.deps, caller, counter: "search", amount: all }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
    expect(results.find((r) => !r.allowed)).toMatchObject({ current: all, limit: all });
    expect((await usage.check({ deps: h.deps, caller, counter: "search" })).current).toBe(all);
  });

  it("charges an anonymous caller all or nothing: its id and its address together", async () => {
    h.clock.set("2026-11-22T10:00:00Z");
    await setCounter(anon(700), "2026-11-22", 100, true);
    const atLimit = { user: null, anonId: anon(700), ip: "10.7.7.7" };
    expect(await usage.consume({ deps: h.deps, caller: atLimit, counter: "search" })).toEqual({
      allowed: false,
      current: 100,
      limit: 100,
      tier: "anonymous",
    });
    const address = await usage.check({
      deps: h.deps,
      caller: { user: null, anonId: null, ip: "10.7.7.7" },
      counter: "search",
    });
    expect(address.current).toBe(0);
    const fresh = { user: null, anonId: anon(701), ip: "10.7.7.7" };
    expect(await usage.consume({ deps: h.deps, caller: fresh, counter: "search" })).toMatchObject({
      allowed: true,
      current: 1,
    });
    expect(await usage.consume({ deps: h.deps, caller: fresh, counter: "search" })).toMatchObject({
      allowed: true,
      current: 2,
    });
  });

  it("charges and refunds one person side by side without a deadlock (five parallel uploads)", async () => {
    const caller = await userCaller("side-by-side@acme.com");
    await usage.consume({ deps: h.deps, caller, counter: "addFiles" }); // creates the rows
    for (let round = 0; round < 40; round++) {
      const calls = Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? usage.consume({ deps: h.deps, caller, counter: "addFiles" }).then(() => undefined)
          : usage.refund({ deps: h.deps, caller, counter: "addFiles" }),
      );
      // Before: a refund's statement locked the record, then the counter; a charge the reverse.
      const settled = await Promise.allSettled(calls);
      expect(settled.filter((r) => r.status === "rejected").map((r) => String(r.reason))).toEqual(
        [],
      );
    }
  });

  it("charges and refunds a signed-in caller in one statement each, no transaction", async () => {
    const caller = await userCaller("one-trip@acme.com");
    await usage.consume({ deps: h.deps, caller, counter: "search" }); // creates the rows
    const pool = h.deps.db.$client;
    const sent: string[] = [];
    const record = (config: unknown) =>
      sent.push(typeof config === "string" ? config : String((config as { text: string }).text));
    const query = pool.query.bind(pool);
    pool.query = ((config: unknown, ...rest: unknown[]) => {
      record(config);
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as typeof pool.query;
    // A refund takes a connection of its own (usage.repo.ts: its wait is tried again).
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    const watched = async (...args: unknown[]) => {
      // pool.query connects with a callback: passed on as it is (its statement is seen above).
      if (args.length > 0) return connect(...args);
      const client = (await connect()) as import("pg").PoolClient;
      const clientQuery = client.query.bind(client);
      const release = client.release.bind(client);
      Object.assign(client, {
        query: (config: unknown, ...rest: unknown[]) => {
          record(config);
          return (clientQuery as (...args: unknown[]) => unknown)(config, ...rest);
        },
        release: (...args: unknown[]) => {
          Object.assign(client, { query: clientQuery, release });
          return (release as (...a: unknown[]) => unknown)(...args);
        },
      });
      return client;
    };
    Object.assign(pool, { connect: watched });
    try {
      expect(await usage.consume({ deps: h.deps, caller, counter: "search" })).toMatchObject({
        allowed: true,
        current: 2,
      });
      await usage.refund({ deps: h.deps, caller, counter: "search" });
    } finally {
      pool.query = query;
      Object.assign(pool, { connect });
    }
    expect(sent).toHaveLength(2);
    expect(sent.join("\n")).not.toMatch(/\bbegin\b/i);
    expect((await usage.check({ deps: h.deps, caller, counter: "search" })).current).toBe(1);
  });

  it("gives no new quota for rotating anonymous ids or spoofed X-Forwarded-For", async () => {
    h.clock.set("2026-11-22T10:00:00Z");
    await setCounter("ip:unknown", "2026-11-22", 100, true);
    for (const [i, spoof] of ["1.2.3.4", "5.6.7.8", "9.9.9.9"].entries()) {
      const res = await h.request("/api/usage/check?counter=search", {
        anonId: anon(200 + i),
        forwardedFor: spoof,
      });
      expect(await res.json()).toMatchObject({ allowed: false, current: 100, limit: 100 });
    }
  });

  it("honours X-Forwarded-For only behind a trusted proxy, from the right (what the proxy saw)", async () => {
    const proxied = await createHarness({ TRUST_PROXY: "true" });
    try {
      const caller = { user: null, anonId: anon(300), ip: "203.0.113.7" };
      await usage.consume({ deps: proxied.deps, caller, counter: "search" });
      const seen = await proxied.request("/api/usage/check?counter=search", {
        anonId: anon(301),
        // The client sent "10.0.0.1"; the one trusted proxy appended the address it saw.
        forwardedFor: "10.0.0.1, 203.0.113.7",
      });
      expect(await seen.json()).toMatchObject({ current: 1 });
    } finally {
      await proxied.close();
    }
  });

  it("charges nothing when refused and never refunds below zero", async () => {
    h.clock.set("2026-11-22T10:00:00Z");
    const caller = { user: null, anonId: anon(400), ip: "10.4.4.4" };
    await setCounter(anon(400), "2026-11-22", 100, true);
    expect((await usage.consume({ deps: h.deps, caller, counter: "search" })).allowed).toBe(false);
    expect((await usage.check({ deps: h.deps, caller, counter: "search" })).current).toBe(100);
    const fresh = { user: null, anonId: anon(401), ip: "10.4.4.5" };
    await usage.consume({ deps: h.deps, caller: fresh, counter: "search" });
    await usage.refund({ deps: h.deps, caller: fresh, counter: "search" });
    await usage.refund({ deps: h.deps, caller: fresh, counter: "search" });
    expect((await usage.check({ deps: h.deps, caller: fresh, counter: "search" })).current).toBe(0);
  });

  it("rolls over exactly at the period boundary (UTC day for anonymous, month for accounts)", async () => {
    const anonCaller = { user: null, anonId: anon(500), ip: "10.5.5.5" };
    h.clock.set("2026-11-22T23:59:59.999Z");
    await setCounter(anon(500), "2026-11-22", 100, true);
    expect(
      (await usage.consume({ deps: h.deps, caller: anonCaller, counter: "search" })).allowed,
    ).toBe(false);
    h.clock.set("2026-11-23T00:00:00.000Z");
    expect(
      await usage.consume({ deps: h.deps, caller: anonCaller, counter: "search" }),
    ).toMatchObject({ allowed: true, current: 1 });

    const account = await userCaller("month-end@acme.com");
    h.clock.set("2026-11-30T23:59:59.999Z");
    await setCounter(account.user.id, "2026-11", 300, false, account.user.id);
    expect(
      (await usage.consume({ deps: h.deps, caller: account, counter: "search" })).allowed,
    ).toBe(false);
    h.clock.set("2026-12-01T00:00:00.000Z");
    const summary = await usage.summary({ deps: h.deps, caller: account });
    expect(summary).toMatchObject({ periodKey: "2026-12", resetsAt: "2027-01-01T00:00:00.000Z" });
    expect(summary.counters.search.current).toBe(0);
  });

  it("applies the pro limits once a user is pro", async () => {
    const caller = await userCaller("pro@acme.com");
    const pro = { ...caller, user: { ...caller.user, tier: "pro" as const } };
    expect(await usage.check({ deps: h.deps, caller: pro, counter: "agentUsage" })).toMatchObject({
      limit: 5000,
      tier: "pro",
    });
  });
});

describe("anonymous usage retention", () => {
  it("deletes anonymous records idle for more than 30 days and keeps everything else", async () => {
    const account = await userCaller("keeper@acme.com");
    h.clock.set("2026-11-22T10:00:00Z");
    const old = new Date("2026-10-22T09:59:59Z");
    const recent = new Date("2026-10-23T10:00:00Z");
    await h.db.db.insert(schema.usageRecords).values([
      { subjectId: anon(600), isAnonymous: true, lastUpdated: old },
      { subjectId: "ip:10.6.6.6", isAnonymous: true, lastUpdated: old },
      { subjectId: anon(601), isAnonymous: true, lastUpdated: recent },
    ]);
    await h.db.db
      .insert(schema.usageCounters)
      .values({ subjectId: anon(600), period: "2026-10-22", search: 5 });
    await h.db.db
      .insert(schema.usageRecords)
      .values({
        subjectId: account.user.id,
        userId: account.user.id,
        isAnonymous: false,
        lastUpdated: old,
      })
      .onConflictDoUpdate({ target: schema.usageRecords.subjectId, set: { lastUpdated: old } });
    expect(await usage.cleanupAnonymous(h.deps)).toBeGreaterThanOrEqual(2);
    const left = (await h.db.db.select().from(schema.usageRecords)).map((r) => r.subjectId);
    expect(left).not.toContain(anon(600));
    expect(left).not.toContain("ip:10.6.6.6");
    expect(left).toContain(anon(601));
    expect(left).toContain(account.user.id);
    const counters = await h.db.db
      .select()
      .from(schema.usageCounters)
      .where(eq(schema.usageCounters.subjectId, anon(600)));
    expect(counters).toHaveLength(0);
  });
});
