import { TIER_LIMITS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { EnvError, parseEnv } from "../../env.ts";
import * as usage from "./usage.service.ts";

/** Issue 27 scope 0: TIER_LIMITS set by the operator is enforced and shown by the API. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ TIER_LIMITS: "free.search=3, pro.agent=7, anonymous.search=2" });
});
afterAll(async () => {
  await h.close();
});

describe("TIER_LIMITS", () => {
  it("GET /api/usage/limits shows the configured limits over the spec's defaults", async () => {
    const res = await h.request("/api/usage/limits");
    expect(res.status).toBe(200);
    const { limits } = (await res.json()) as { limits: typeof TIER_LIMITS };
    expect(limits.free).toEqual({ ...TIER_LIMITS.free, search: 3 });
    expect(limits.pro).toEqual({ ...TIER_LIMITS.pro, agentUsage: 7 });
    expect(limits.anonymous).toEqual({ ...TIER_LIMITS.anonymous, search: 2 });
  });

  it("enforces a configured limit: the fourth search of a free account is refused", async () => {
    const { cookie, userId } = await h.signIn("tier-config@acme.com");
    const summary = await (await h.request("/api/usage", { cookie })).json();
    expect(summary).toMatchObject({ tier: "free", counters: { search: { limit: 3 } } });
    const [row] = await h.db.db.select().from(schema.users).where(eq(schema.users.id, userId));
    if (!row) throw new Error("no user");
    const caller = { user: row, anonId: null, ip: "10.0.0.3" };
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await usage.consume({ deps: h.deps, caller, counter: "search" }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ current: 3, limit: 3, tier: "free" });
    const check = await (await h.request("/api/usage/check?counter=search", { cookie })).json();
    expect(check).toEqual({ allowed: false, current: 3, limit: 3, tier: "free" });
  });

  it("names every bad pair and changes nothing", () => {
    expect(() => parseEnv({ TIER_LIMITS: "gold.search=1,free.cats=2,free.search=-1" })).toThrow(
      EnvError,
    );
    try {
      parseEnv({ TIER_LIMITS: "gold.search=1,free.cats=2,free.search=-1" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('TIER_LIMITS: "gold.search=1" is not tier.counter=number');
      expect(message).toContain('"free.cats=2"');
      expect(message).toContain('"free.search=-1"');
    }
    expect(parseEnv({}).TIER_LIMITS).toEqual(TIER_LIMITS);
  });
});
