import { MESSAGES } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { rowsMentioning } from "../../../test/support/rows-mentioning.ts";
import { nameFromEmail, orgNameFromEmail } from "./profile-defaults.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("profile defaults", () => {
  it("derives a display name from the e-mail's local part", () => {
    expect(nameFromEmail("jane.doe@acme.com")).toBe("Jane Doe");
    expect(nameFromEmail("john_smith+news@acme.com")).toBe("John Smith");
    expect(nameFromEmail("x@acme.com")).toBe("X");
  });

  it("derives the organisation from the domain, none for free-mail", () => {
    expect(orgNameFromEmail("a@acme.com")).toBe("Acme");
    expect(orgNameFromEmail("a@mail.big-corp.co.uk")).toBe("Big Corp");
    expect(orgNameFromEmail("a@gmail.com")).toBeNull();
    expect(orgNameFromEmail("a@outlook.com")).toBeNull();
    expect(orgNameFromEmail("a@proton.me")).toBeNull();
  });
});

describe("profile read and merge-update", () => {
  it("updates name and organisation and always sets updatedAt", async () => {
    const { cookie, userId } = await h.signIn("editor@acme.com");
    const before = (await (await h.request(`/api/users/${userId}`, { cookie })).json()) as {
      updatedAt: string;
    };
    h.clock.advance(1000);
    const res = await h.request(`/api/users/${userId}`, {
      method: "PATCH",
      cookie,
      body: { name: "  Ed Itor ", orgName: "Acme Labs" },
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as {
      name: string;
      orgName: string;
      updatedAt: string;
      createdAt: string;
    };
    expect(after).toMatchObject({ name: "Ed Itor", orgName: "Acme Labs" });
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(
      new Date(before.updatedAt).getTime(),
    );
    const cleared = (await (
      await h.request(`/api/users/${userId}`, { method: "PATCH", cookie, body: { orgName: "" } })
    ).json()) as {
      orgName: string | null;
    };
    expect(cleared.orgName).toBeNull();
  });

  it("rejects bad input with a clear 400 and changes nothing", async () => {
    const { cookie, userId } = await h.signIn("strict@acme.com");
    const cases: Array<{ body: unknown; headers?: Record<string, string>; status: number }> = [
      { body: { name: "" }, status: 400 },
      { body: { name: "x".repeat(101) }, status: 400 },
      { body: { tier: "pro" }, status: 400 },
      { body: { name: 42 }, status: 400 },
      { body: '{"__proto__":{"tier":"pro"},"name":"Proto"}', status: 400 },
      { body: "{not json", status: 400 },
      {
        body: "name=x",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        status: 415,
      },
    ];
    for (const c of cases) {
      const res = await h.request(`/api/users/${userId}`, {
        method: "PATCH",
        cookie,
        body: c.body,
        headers: c.headers,
      });
      expect(res.status, JSON.stringify(c.body)).toBe(c.status);
    }
    const profile = (await (await h.request(`/api/users/${userId}`, { cookie })).json()) as {
      name: string;
      tier: string;
    };
    expect(profile.tier).toBe("free");
    const huge = await h.request(`/api/users/${userId}`, {
      method: "PATCH",
      cookie,
      body: { name: "y".repeat(2_000_000) },
    });
    expect(huge.status).toBe(413);
  });
});

describe("authorization: user B against user A", () => {
  it("gives another user and anonymous callers nothing of A's profile or usage", async () => {
    const a = await h.signIn("alice@acme.com");
    const b = await h.signIn("bob@acme.com");
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const path of [`/api/users/${a.userId}`, `/api/users/${a.userId}/usage`]) {
      const asB = await h.request(path, { cookie: b.cookie });
      const asBMissing = await h.request(path.replace(a.userId, missing), { cookie: b.cookie });
      expect(asB.status).toBe(404);
      expect(await asB.text()).toBe(await asBMissing.text());
      expect((await h.request(path)).status).toBe(401);
      expect((await h.request(path, { cookie: a.cookie })).status).toBe(200);
    }
    expect(
      (
        await h.request(`/api/users/${a.userId}`, {
          method: "PATCH",
          cookie: b.cookie,
          body: { name: "Hacked" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await h.request(`/api/users/${a.userId}`, { method: "DELETE", cookie: b.cookie })).status,
    ).toBe(404);
    expect((await h.request(`/api/users/${a.userId}`, { method: "DELETE" })).status).toBe(401);
    const aProfile = (await (
      await h.request(`/api/users/${a.userId}`, { cookie: a.cookie })
    ).json()) as { name: string };
    expect(aProfile.name).toBe("Alice");
    expect((await h.request("/api/users/not-a-uuid", { cookie: b.cookie })).status).toBe(404);
  });
});

describe("account deletion", () => {
  it("answers 'User ID is required for account deletion' without an id", async () => {
    const { cookie } = await h.signIn("noid@acme.com");
    const res = await h.request("/api/users", { method: "DELETE", cookie });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      MESSAGES.userIdRequired,
    );
  });

  it("removes the user and everything of theirs; no row anywhere refers to them; the old cookie gets 401", async () => {
    const { cookie, userId } = await h.signIn("leaver@acme.com");
    const other = await h.signIn("stayer@acme.com");
    const second = await h.signIn("leaver@acme.com"); // a second session must die too
    const db = h.db.db;
    await db
      .insert(schema.searchHistory)
      .values({ id: "e1", userId, threadId: "t1", query: "q", results: { markdown: "a" } });
    await db.insert(schema.shares).values({ id: "s1", userId, entryId: "e1", content: "c" });
    await db
      .insert(schema.threadShares)
      .values({ id: "ts1", userId, threadId: "t1", thread: { messages: [1] } });
    await db.insert(schema.feedback).values({ id: "f1", userId, entryId: "e1", rating: "up" });
    await db
      .insert(schema.leads)
      .values({ id: "l1", fullName: "Leaver", email: "leaver@acme.com", userId });
    await h.request("/api/auth/email-link", { method: "POST", body: { email: "leaver@acme.com" } }); // a pending link
    await h.deps.db
      .insert(schema.usageRecords)
      .values({ subjectId: userId, userId, isAnonymous: false });
    await h.deps.db
      .insert(schema.usageCounters)
      .values({ subjectId: userId, period: "2026-11", search: 3 });

    const res = await h.request(`/api/users/${userId}`, { method: "DELETE", cookie });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toContain("Max-Age=0");

    // Every table of every schema (pg-boss's too); leads keep the address, without the user.
    expect(await rowsMentioning(db, [userId])).toEqual({});
    expect(await rowsMentioning(db, ["leaver@acme.com"], ["public.leads"])).toEqual({});
    expect((await h.request(`/api/users/${userId}`, { cookie })).status).toBe(401);
    expect((await h.request(`/api/users/${userId}`, { cookie: second.cookie })).status).toBe(401);
    expect((await h.request(`/api/users/${other.userId}`, { cookie: other.cookie })).status).toBe(
      200,
    );
    const lead = await db.execute<{ user_id: string | null }>(
      sql`select user_id from leads where id = 'l1'`,
    );
    expect(lead.rows[0]?.user_id).toBeNull();
  });
});
