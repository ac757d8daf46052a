import { schema } from "@nexus/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./harness.ts";

/**
 * Finding 5 of issue 11, the log half: after hostile requests and a database error that carries
 * a lead's e-mail, name and message as SQL parameters, the server log holds none of them, no SQL
 * text and no stack path — only the error's codes, the route and the request id.
 */
const ADMIN = "boss@nexus.test";
const LEAD = { fullName: "Zebulon Secretname", email: "boom-lead@victim-corp.com" };
const LEAD_MESSAGE = "my private budget is 12345";
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ LEADS_RATE_LIMIT: "100000", SUPER_ADMIN_IDS: ADMIN });
  // A constraint the lead insert breaks: a real PostgreSQL error with the values as parameters.
  await h.db.db.execute(
    sql.raw(`alter table leads add constraint boom check (email <> '${LEAD.email}')`),
  );
});
afterAll(async () => {
  await h.close();
});

const FORBIDDEN = [
  LEAD.email,
  "victim-corp",
  LEAD.fullName,
  "Secretname",
  LEAD_MESSAGE,
  "12345",
  "insert into",
  '"leads" (',
  "params",
  "Failed query",
  "/work/",
  "node_modules",
  " at ",
  ".ts:",
  "Mallory",
];

describe("the server log after hostile input and a database error", () => {
  it("answers the hostile requests with 400s and the database error with a bare 500", async () => {
    const user = await h.signIn("reader@acme.com");
    const admin = await h.signIn(ADMIN);
    const hostile: Array<[string, { method: string; body?: unknown; cookie?: string }]> = [
      ["/api/leads", { method: "POST", body: { ...LEAD, message: `${LEAD_MESSAGE}\u0000` } }],
      ["/api/feedback", { method: "PUT", body: { entryId: "e1", rating: "bad", query: "\u0000" } }],
      [
        `/api/users/${user.userId}`,
        { method: "PATCH", cookie: user.cookie, body: { name: "Mallory\u0000" } },
      ],
      ["/api/admin/leads?cursor=%00", { method: "GET", cookie: admin.cookie }],
    ];
    for (const [path, options] of hostile) {
      const res = await h.request(path, { ...options, anonId: "anon_1700000000000_abcdef123" });
      expect(res.status).toBe(400);
    }
    const res = await h.request("/api/leads", {
      method: "POST",
      body: { ...LEAD, message: LEAD_MESSAGE },
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    for (const secret of FORBIDDEN) expect(text).not.toContain(secret);
    expect(await h.db.db.select().from(schema.leads)).toEqual([]);
  });

  it("logs the failure with its route, request id and PostgreSQL codes only", () => {
    const line = h.logs.find((l) => l.includes("unhandled error"));
    expect(line).toBeDefined();
    const record = JSON.parse(line ?? "{}") as Record<string, unknown>;
    expect(record).toMatchObject({
      method: "POST",
      route: "/api/leads",
      err: {
        type: "DrizzleQueryError",
        statement: "insert leads",
        cause: { code: "23514", routine: "ExecConstraints", constraint: "boom", table: "leads" },
      },
    });
    expect(typeof record.rid).toBe("string");
  });

  it("holds no SQL, parameter, e-mail, name, body or stack path anywhere in the log", async () => {
    // The same error logged directly, as an Error first argument (pino would use its message).
    const error = await h.db.db
      .insert(schema.leads)
      .values({ id: "x1", ...LEAD, message: LEAD_MESSAGE })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    h.deps.logger.error(error);
    h.deps.logger.warn({ err: error, context: { failed: [error] } }, "with a nested error");
    const all = h.logs.join("\n");
    for (const secret of FORBIDDEN) expect(all).not.toContain(secret);
    expect(all).toContain("23514");
  });
});
