import { schema } from "@nexus/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./harness.ts";

/**
 * Gate G2 for the foundation's routes: every route × actor has an expected status, a route missing
 * from this matrix fails the test, and foreign ids answer exactly like missing ones.
 */
type Actor = "owner" | "other" | "anonA" | "anonB" | "none" | "deleted";
type Expect = Record<Actor, number>;

const all = (status: number): Expect => ({
  owner: status,
  other: status,
  anonA: status,
  anonB: status,
  none: status,
  deleted: status,
});
const ownerOnly = (ok: number): Expect => ({
  owner: ok,
  other: 404,
  anonA: 401,
  anonB: 401,
  none: 401,
  deleted: 401,
});

interface Row {
  body?: unknown;
  query?: string;
  expect: Expect;
  /** Destroys the owner's session or account: run with a fresh owner, after the others. */
  destructive?: boolean;
}

const MATRIX: Record<string, Row> = {
  "GET /api/health": { expect: all(200) },
  "GET /api/me": { expect: all(200) },
  "POST /api/auth/email-link": { body: { email: "matrix-request@acme.com" }, expect: all(202) },
  "POST /api/auth/email-link/check": { body: { token: "A".repeat(43) }, expect: all(200) },
  "POST /api/auth/email-link/complete": {
    body: { token: "A".repeat(43), email: "x@acme.com" },
    expect: all(400),
  },
  "GET /api/users/:userId": { expect: ownerOnly(200) },
  "PATCH /api/users/:userId": { body: { name: "Matrix" }, expect: ownerOnly(200) },
  "GET /api/users/:userId/usage": { expect: ownerOnly(200) },
  "DELETE /api/users": { expect: all(400) },
  "GET /api/usage": { expect: all(200) },
  "GET /api/usage/check": { query: "?counter=search", expect: all(200) },
  "GET /api/admin/users": { expect: all(404) },
  "PUT /api/admin/users/:userId/tier": { body: { tier: "pro" }, expect: all(404) },
  "POST /api/answer": { body: { text: "What is Nexus?" }, expect: all(200) },
  "GET /api/threads/:threadId": { expect: ownerOnly(200) },
  "DELETE /api/users/:userId": { expect: ownerOnly(204), destructive: true },
  // Last: signing out as "other" ends the session the other rows use.
  "POST /api/auth/sign-out": { expect: all(204), destructive: true },
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

function registeredRoutes(): string[] {
  return [
    ...new Set(
      h.app.routes
        .filter((r) => r.method !== "ALL" && !r.path.endsWith("*"))
        .map((r) => `${r.method} ${r.path.replace(/\/$/, "") || "/"}`),
    ),
  ].sort();
}

describe("authorization matrix (G2)", () => {
  it("covers every API route the app registers", () => {
    const routes = registeredRoutes().filter((r) => r.split(" ")[1]?.startsWith("/api"));
    expect(routes).toEqual(Object.keys(MATRIX).sort());
  });

  it("answers every route × actor as expected, with no unexpected 2xx", async () => {
    const other = await h.signIn("matrix-other@acme.com");
    const gone = await h.signIn("matrix-gone@acme.com");
    await h.request(`/api/users/${gone.userId}`, { method: "DELETE", cookie: gone.cookie });
    const rows = Object.entries(MATRIX).sort(
      ([, a], [, b]) => Number(a.destructive ?? false) - Number(b.destructive ?? false),
    );
    const failures: string[] = [];
    const steadyOwner = await h.signIn("matrix-owner@acme.com");
    const ownerThread = "matrix-thread";
    await h.db.db.insert(schema.searchHistory).values({
      id: ownerThread,
      userId: steadyOwner.userId,
      threadId: ownerThread,
      query: "What is Nexus?",
    });
    let fresh = 0;
    for (const [route, row] of rows) {
      const [method, pattern] = route.split(" ") as [string, string];
      for (const actor of Object.keys(row.expect) as Actor[]) {
        const owner = row.destructive
          ? await h.signIn(`matrix-owner-${fresh++}@acme.com`)
          : steadyOwner;
        const cookie = {
          owner: owner.cookie,
          other: other.cookie,
          deleted: gone.cookie,
          anonA: undefined,
          anonB: undefined,
          none: undefined,
        }[actor];
        const anonId =
          actor === "anonA"
            ? "anon_1795000000000_aaaaaaaa"
            : actor === "anonB"
              ? "anon_1795000000000_bbbbbbbb"
              : undefined;
        const path =
          pattern.replace(":userId", owner.userId).replace(":threadId", ownerThread) +
          (row.query ?? "");
        const res = await h.request(path, { method, cookie, anonId, body: row.body });
        await res.arrayBuffer(); // streamed answers run to their end before the next request
        if (res.status !== row.expect[actor])
          failures.push(`${route} as ${actor}: ${res.status} (expected ${row.expect[actor]})`);
        if (res.status === 404 && /:userId|:threadId/.test(pattern)) {
          const missing = await h.request(
            pattern
              .replace(":userId", "00000000-0000-4000-8000-000000000000")
              .replace(":threadId", "missing-thread") + (row.query ?? ""),
            {
              method,
              cookie,
              anonId,
              body: row.body,
            },
          );
          if (missing.status !== 404)
            failures.push(`${route} as ${actor}: missing id gave ${missing.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
