import { type AdminUsage, periodKey } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";

/**
 * G2 for the admin API, with the actor the shared matrix does not model: a super-admin (by e-mail
 * and by account id) gets an answer; everyone else gets the unknown-route 404, byte for byte.
 */
const ADMIN_ID = "33333333-3333-4333-8333-333333333333";
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ SUPER_ADMIN_IDS: `boss@nexus.test,${ADMIN_ID}` });
});
afterAll(async () => {
  await h.close();
});

interface AdminRow {
  body?: unknown;
  /** What a super-admin gets. */
  status: number;
}

const ADMIN_MATRIX: Record<string, AdminRow> = {
  "GET /api/admin/users": { status: 200 },
  "PUT /api/admin/users/:userId/tier": { body: { tier: "pro" }, status: 200 },
  "GET /api/admin/feedback": { status: 200 },
  "GET /api/admin/feedback.csv": { status: 200 },
  "GET /api/admin/leads": { status: 200 },
  "GET /api/admin/leads.csv": { status: 200 },
  "GET /api/admin/leads/:leadId": { status: 200 },
  "PATCH /api/admin/leads/:leadId": { body: { status: "contacted" }, status: 200 },
  "GET /api/admin/usage": { status: 200 },
};

describe("admin API access", () => {
  it("lists every admin route the app registers", () => {
    const routes = [
      ...new Set(
        h.app.routes
          .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin"))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ].sort();
    expect(routes).toEqual(Object.keys(ADMIN_MATRIX).sort());
  });

  it("answers super-admins and gives everyone else exactly the unknown-route 404", async () => {
    const byEmail = await h.signIn("boss@nexus.test");
    const plain = await h.signIn("plain@acme.com");
    const gone = await h.signIn("gone@acme.com");
    await h.request(`/api/users/${gone.userId}`, { method: "DELETE", cookie: gone.cookie });
    await h.db.db
      .insert(schema.users)
      .values({ id: ADMIN_ID, email: "by-id@nexus.test", name: "By Id" });
    const byIdCookie = (await h.signIn("by-id@nexus.test")).cookie;
    const unknown = await h.request("/api/admin/no-such-route");
    const unknownBody = await unknown.text();
    expect(unknown.status).toBe(404);

    const failures: string[] = [];
    let n = 0;
    for (const [route, row] of Object.entries(ADMIN_MATRIX)) {
      const [method, pattern] = route.split(" ") as [string, string];
      for (const [actor, cookie, anonId] of [
        ["super-admin (e-mail)", byEmail.cookie, undefined],
        ["super-admin (id)", byIdCookie, undefined],
        ["user", plain.cookie, undefined],
        ["anonymous", undefined, "anon_1795000000000_aaaaaaaa"],
        ["none", undefined, undefined],
        ["deleted", gone.cookie, undefined],
      ] as const) {
        const leadId = `Access${++n}`;
        await h.db.db.insert(schema.leads).values({ id: leadId, fullName: "A", email: "a@b.co" });
        const path = pattern.replace(":userId", plain.userId).replace(":leadId", leadId);
        const res = await h.request(path, { method, cookie, anonId, body: row.body });
        const text = await res.text();
        const admin = actor.startsWith("super-admin");
        if (admin && res.status !== row.status)
          failures.push(`${route} as ${actor}: ${res.status} (expected ${row.status})`);
        if (!admin && (res.status !== 404 || text !== unknownBody))
          failures.push(`${route} as ${actor}: ${res.status} ${text.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("GET /api/admin/usage", () => {
  it("totals this month's searches and users by tier, today's anonymous searches and leads", async () => {
    const admin = await h.signIn("boss@nexus.test");
    const before = (await (
      await h.request("/api/admin/usage", { cookie: admin.cookie })
    ).json()) as AdminUsage;
    const pro = await h.signIn("usage-pro@acme.com");
    const free = await h.signIn("usage-free@acme.com");
    await h.db.db.update(schema.users).set({ tier: "pro" }).where(eq(schema.users.id, pro.userId));
    const now = h.clock.now();
    const month = periodKey("monthly", now);
    const day = periodKey("daily", now);
    const lastMonth = periodKey("monthly", new Date(now.getTime() - 40 * 86_400_000));
    await h.db.db.insert(schema.usageRecords).values([
      { subjectId: pro.userId, userId: pro.userId, isAnonymous: false },
      { subjectId: free.userId, userId: free.userId, isAnonymous: false },
      { subjectId: "ip:198.51.100.7", isAnonymous: true },
      { subjectId: "anon_1795000000000_cccccccc", isAnonymous: true },
      { subjectId: "anon_1795000000000_dddddddd", isAnonymous: true },
    ]);
    await h.db.db.insert(schema.usageCounters).values([
      { subjectId: pro.userId, period: month, search: 40 },
      { subjectId: pro.userId, period: lastMonth, search: 1000 },
      { subjectId: free.userId, period: month, search: 7 },
      { subjectId: "ip:198.51.100.7", period: day, search: 5 },
      { subjectId: "anon_1795000000000_cccccccc", period: day, search: 3 },
      { subjectId: "anon_1795000000000_dddddddd", period: day, search: 2 },
    ]);
    const res = await h.request("/api/admin/usage", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const after = (await res.json()) as AdminUsage;
    expect(after).toMatchObject({ month, day });
    expect(after.searchesThisMonth.pro - before.searchesThisMonth.pro).toBe(40);
    expect(after.searchesThisMonth.free - before.searchesThisMonth.free).toBe(7);
    expect(after.usersByTier.pro - before.usersByTier.pro).toBe(1);
    expect(after.usersByTier.free - before.usersByTier.free).toBe(1);
    expect(after.anonymousSearchesToday - before.anonymousSearchesToday).toBe(5);
    expect(after.anonymousVisitorsToday - before.anonymousVisitorsToday).toBe(2);
    expect(after.leadsByStatus.new + after.leadsByStatus.contacted).toBeGreaterThan(0);
  });
});
