import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";

/**
 * G1 for the admin handlers: the shared fuzz run is never a super-admin (it only sees 404s here),
 * so this one is, and also fuzzes the public lead form.
 */
let h: Harness;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({ SUPER_ADMIN_IDS: "fuzz-admin@nexus.test", LEADS_RATE_LIMIT: "100000" });
  admin = await h.signIn("fuzz-admin@nexus.test");
});
afterAll(async () => {
  await h.close();
});

const text = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constantFrom(
    "",
    "=cmd|' /C calc'!A0",
    "'; drop table leads;--",
    "%",
    "_",
    "\u0000",
    "a".repeat(6000),
  ),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom("__proto__", "constructor", "a"), text, { maxKeys: 2 }),
);
const leadBody = fc.record(
  {
    fullName: value,
    email: fc.oneof(value, fc.emailAddress()),
    company: value,
    companySize: fc.oneof(value, fc.constantFrom("1-10", "5000+")),
    title: value,
    linkedinProfile: value,
    deploymentPreference: fc.oneof(value, fc.constantFrom("cloud", "self-hosted")),
    message: value,
    website: value,
    status: fc.oneof(value, fc.constantFrom("new", "contacted", "qualified", "won", "lost")),
    tier: fc.oneof(value, fc.constantFrom("free", "pro")),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  leadBody.map((v) => JSON.stringify(v)),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.constantFrom("{", "[".repeat(3000), "null", '{"__proto__":{"status":"won"}}'),
);
const param = fc.oneof(
  fc.constantFrom("", "%00", "..%2F..", "00000000-0000-4000-8000-000000000000", "%E0%A4%A"),
  fc.string({ maxLength: 60 }).map(encodeURIComponent),
);

describe("admin and lead input fuzzing (G1)", () => {
  it("never answers 5xx or leaks internals to a super-admin", async () => {
    const routes = [
      ...new Set(
        h.app.routes
          .filter((r) => r.method !== "ALL" && /^\/api\/(admin|leads)/.test(r.path))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    const bad: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        param,
        body,
        fc.constantFrom("application/json", "text/plain", ""),
        fc.string({ maxLength: 40 }),
        async (route, p, b, contentType, q) => {
          const [method, pattern] = route.split(" ") as [string, string];
          const enc = encodeURIComponent(q);
          const path = `${pattern.replace(/:\w+/g, p)}?q=${enc}&status=${enc}&cursor=${enc}&limit=${enc}&rating=${enc}&type=${enc}`;
          const res = await h.request(path, {
            method,
            cookie: admin.cookie,
            body: method === "GET" ? undefined : b,
            headers: contentType ? { "content-type": contentType } : {},
          });
          const out = await res.text();
          if (
            res.status >= 500 ||
            /at .*\.ts:\d+|node_modules|select .* from|syntax error/i.test(out)
          )
            bad.push(`${method} ${path} → ${res.status} ${out.slice(0, 200)}`);
        },
      ),
      { numRuns: 1500 },
    );
    expect(bad).toEqual([]);
    expect((await h.request("/api/health")).status).toBe(200);
  }, 120_000);
});
