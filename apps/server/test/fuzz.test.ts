import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./harness.ts";

/** Gate G1 (CI size): generated valid and malformed requests against every API route. */
let h: Harness;
let owner: { cookie: string; userId: string };
beforeAll(async () => {
  // Lift the per-address lead limit so POST /api/leads keeps reaching its validation.
  h = await createHarness({ LEADS_RATE_LIMIT: "1000000" }, { jobs: true });
  owner = await h.signIn("fuzz@acme.com");
});
afterAll(async () => {
  await h.close();
});

const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          "email",
          "token",
          "name",
          "orgName",
          "tier",
          "counter",
          "__proto__",
          "constructor",
        ),
        fc.string(),
      ),
      tie("value"),
      { maxKeys: 5 },
    ),
  ),
})).value;

const rawBody = fc.oneof(
  jsonish.map((v) => JSON.stringify(v) ?? "null"),
  fc.string({ unit: "binary", maxLength: 500 }),
  fc.constantFrom(
    "{",
    '{"email":',
    "\u0000",
    "[".repeat(5000),
    '{"a":'.repeat(2000),
    "\uFFFF\uD800",
  ),
  fc
    .record({ email: fc.string(), token: fc.string(), name: fc.string() })
    .map((v) => JSON.stringify(v)),
);

const pathParam = fc.oneof(
  fc.constantFrom(
    "",
    "%00",
    "..%2F..%2Fetc%2Fpasswd",
    "00000000-0000-4000-8000-000000000000",
    "%E0%A4%A",
    "'; drop table users;--",
  ),
  fc.uuid(),
  fc.string({ maxLength: 60 }).map(encodeURIComponent),
);

describe("input fuzzing (G1)", () => {
  it("never answers 5xx, never leaks a stack trace or SQL, and the server keeps working", async () => {
    const routes = [
      ...new Set(
        h.app.routes
          .filter((r) => r.method !== "ALL" && r.path.startsWith("/api"))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    const bad: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        pathParam,
        rawBody,
        fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "",
        ),
        fc.boolean(),
        fc.string({ maxLength: 40 }),
        async (route, param, body, contentType, signedIn, query) => {
          const [method, pattern] = route.split(" ") as [string, string];
          // Every path parameter (:userId, :threadId, :shareId, :entryId…) gets the fuzzed value.
          const filled = pattern.replace(/:\w+/g, (name) =>
            name === ":userId" && param === "" ? owner.userId : param,
          );
          const path = `${filled}?counter=${encodeURIComponent(query)}&q=${encodeURIComponent(query)}&cursor=${encodeURIComponent(query)}&rating=${encodeURIComponent(query)}&topic=${encodeURIComponent(query)}`;
          const res = await h.request(path, {
            method,
            cookie: signedIn ? owner.cookie : undefined,
            body: method === "GET" || method === "HEAD" ? undefined : body,
            headers: contentType ? { "content-type": contentType } : {},
          });
          const text = await res.text();
          if (
            res.status >= 500 ||
            /at .*\.ts:\d+|node_modules|select .* from|syntax error/i.test(text)
          ) {
            bad.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
          }
        },
      ),
      { numRuns: 5000 },
    );
    expect(bad).toEqual([]);
    expect((await h.request("/api/health")).status).toBe(200);
  }, 300_000);
});
