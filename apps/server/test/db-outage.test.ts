import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("when the database is unreachable", () => {
  it("reads the tier as anonymous (spec §4) and answers 503, not 500 or a stack trace", async () => {
    const { cookie, userId } = await h.signIn("outage@acme.com");
    await h.db.pool.end();
    const me = await h.request("/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ user: null, tier: "anonymous", isSuperAdmin: false });
    const usage = await h.request("/api/usage", { cookie });
    expect(usage.status).toBe(503);
    const body = (await usage.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("unavailable");
    expect(JSON.stringify(body)).not.toMatch(/pool|pg|stack/i);
    expect((await h.request(`/api/users/${userId}`, { cookie })).status).toBe(401);
  });
});
