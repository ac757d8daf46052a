import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BAD_UTF8_MESSAGE, NUL_MESSAGE, SURROGATE_MESSAGE } from "../src/lib/text-guard.ts";
import { APP_URL, createHarness, type Harness } from "./harness.ts";

/** Finding 5 of issue 11: NUL and lone surrogates are a 400 with a clear message, nothing changes. */
const ADMIN = "boss@nexus.test";
const ANON = "anon_1700000000000_abcdef123";
let h: Harness;
let user: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };

beforeAll(async () => {
  h = await createHarness({ LEADS_RATE_LIMIT: "100000", SUPER_ADMIN_IDS: ADMIN });
  user = await h.signIn("reader@acme.com");
  admin = await h.signIn(ADMIN);
});
afterAll(async () => {
  await h.close();
});

async function expect400(res: Response, message: string, path?: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as {
    error: { code: string; message: string; issues?: Array<{ path: string }> };
  };
  expect(body.error.code).toBe("bad_request");
  expect(body.error.message).toBe(message);
  if (path !== undefined) expect(body.error.issues?.[0]?.path).toBe(path);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("JSON bodies", () => {
  it("leads: NUL or a lone surrogate in any field (or key) is a 400; nothing is stored or sent", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ fullName: "Eve\u0000", email: "eve@acme.com" }, NUL_MESSAGE, "fullName"],
      [{ fullName: "Eve", email: "eve@acme.com\u0000" }, NUL_MESSAGE, "email"],
      [
        { fullName: "Eve", email: "eve@acme.com", message: "hi\ud800" },
        SURROGATE_MESSAGE,
        "message",
      ],
      [
        { fullName: "Eve", email: "eve@acme.com", company: "\udc00x" },
        SURROGATE_MESSAGE,
        "company",
      ],
      [
        { fullName: "Eve", email: "eve@acme.com", "web\u0000site": 1 },
        NUL_MESSAGE,
        "web\u0000site",
      ],
    ];
    for (const [body, message, path] of cases) {
      await expect400(await h.request("/api/leads", { method: "POST", body }), message, path);
    }
    expect(await h.db.db.select().from(schema.leads)).toEqual([]);
  });

  it("a well-formed surrogate pair (an emoji) is text like any other", async () => {
    const res = await h.request("/api/leads", {
      method: "POST",
      body: { fullName: "Eve 🦊", email: "eve@acme.com" },
    });
    expect(res.status).toBe(202);
    const rows = await h.db.db.select().from(schema.leads);
    expect(rows.map((r) => r.fullName)).toEqual(["Eve 🦊"]);
    await h.db.db.delete(schema.leads);
  });

  it("bytes that are not UTF-8 are a 400, not replacement characters", async () => {
    const json = new TextEncoder().encode(
      '{"fullName":"Eve","email":"eve@acme.com","message":"x"}',
    );
    for (const bad of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const body = new Uint8Array([...json.slice(0, -3), ...bad, ...json.slice(-2)]);
      const res = await h.app.request(`${APP_URL}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      await expect400(res, BAD_UTF8_MESSAGE);
    }
    expect(await h.db.db.select().from(schema.leads)).toEqual([]);
  });

  it("feedback (anonymous): a 400, no rating stored", async () => {
    const res = await h.request("/api/feedback", {
      method: "PUT",
      anonId: ANON,
      body: { entryId: "abc", rating: "bad", feedbackText: "broken\u0000", query: "q" },
    });
    await expect400(res, NUL_MESSAGE, "feedbackText");
    expect(await h.db.db.select().from(schema.feedback)).toEqual([]);
  });

  it("profile: a 400, the name unchanged", async () => {
    const res = await h.request(`/api/users/${user.userId}`, {
      method: "PATCH",
      cookie: user.cookie,
      body: { name: "Mallory\u0000", orgName: "Mallory Corp" },
    });
    await expect400(res, NUL_MESSAGE, "name");
    const [row] = await h.db.db.select().from(schema.users).where(eq(schema.users.id, user.userId));
    expect(row?.name).toBe("Reader");
    expect(row?.orgName).toBe("Acme");
  });

  it("history import: a NUL deep inside a turn is a 400, no entry stored", async () => {
    const turn = (markdown: string) => ({ query: "What is Rust?", markdown, sources: [] });
    const res = await h.request("/api/history/import", {
      method: "POST",
      cookie: user.cookie,
      body: { threadId: "abcdefgh1234", focusMode: "web", turns: [turn("ok"), turn("a\u0000b")] },
    });
    await expect400(res, NUL_MESSAGE, "turns.1.markdown");
    expect(await h.db.db.select().from(schema.searchHistory)).toEqual([]);
  });

  it("answer: a question holding NUL is a 400 with the reason, nothing charged or saved", async () => {
    for (const [text, message] of [
      ["What is\u0000 Rust?", NUL_MESSAGE],
      ["What is \ud83d Rust?", SURROGATE_MESSAGE],
    ] as const) {
      const res = await h.request("/api/answer", { method: "POST", anonId: ANON, body: { text } });
      await expect400(res, message, "text");
    }
    expect(await h.db.db.select().from(schema.usageCounters)).toEqual([]);
    expect(await h.db.db.select().from(schema.searchHistory)).toEqual([]);
  });
});

describe("query strings, cursors and path parameters", () => {
  it("admin cursors (signed in as a super-admin): a NUL in the query or inside the cursor is a 400", async () => {
    for (const [path, field] of [
      ["/api/admin/leads?cursor=%00", "cursor"],
      ["/api/admin/users?cursor=a%00b", "cursor"],
      ["/api/admin/feedback?cursor=x%00", "cursor"],
      ["/api/admin/leads.csv?q=%00", "q"],
    ] as const) {
      await expect400(await h.request(path, { cookie: admin.cookie }), NUL_MESSAGE, field);
    }
    const hidden = [
      `/api/admin/leads?cursor=${b64(["2026-01-01T00:00:00.000Z", "ab\u0000c"])}`,
      `/api/admin/feedback?cursor=${b64(["2026-01-01T00:00:00.000Z", "ab\u0000c"])}`,
    ];
    for (const path of hidden) {
      await expect400(await h.request(path, { cookie: admin.cookie }), "The cursor is not valid.");
    }
    expect((await h.request("/api/admin/leads", { cookie: admin.cookie })).status).toBe(200);
  });

  it("history search: a NUL is a 400; a percent-encoded lone surrogate stays harmless text", async () => {
    await expect400(
      await h.request("/api/history?q=rust%00", { cookie: user.cookie }),
      NUL_MESSAGE,
      "q",
    );
    await expect400(
      await h.request("/api/library?cursor=%00", { cookie: user.cookie }),
      NUL_MESSAGE,
    );
    const encoded = await h.request("/api/history?q=%ED%A0%80", { cookie: user.cookie });
    expect(encoded.status).toBe(200);
  });

  it("path parameters are ids: one holding NUL is the same 404 as any missing id", async () => {
    const missing = await (await h.request("/api/threads/nope", { cookie: user.cookie })).text();
    for (const [method, path] of [
      ["DELETE", "/api/history/abc%00def"],
      ["GET", "/api/threads/%00"],
      ["GET", `/api/users/${user.userId}%00`],
      ["GET", "/api/feedback/%00"],
    ] as const) {
      const res = await h.request(path, { method, cookie: user.cookie });
      expect(res.status, path).toBe(404);
    }
    expect(missing).toContain("not_found");
    const lead = await h.request("/api/admin/leads/%00", { cookie: admin.cookie });
    expect(lead.status).toBe(404);
  });
});
