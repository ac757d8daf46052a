import { adminFeedbackPageSchema, feedbackResponseSchema } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { csvCell, csvRow } from "../../lib/csv.ts";
import { saveEntry } from "../shares/shares-test-kit.ts";

const ANON_A = "anon_1795000000000_aaaaaaaa";
const ANON_B = "anon_1795000000000_bbbbbbbb";

let h: Harness;
let user: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({ SUPER_ADMIN_IDS: "boss@nexus.test" });
  user = await h.signIn("rater@acme.com");
  admin = await h.signIn("boss@nexus.test");
});
afterAll(async () => {
  await h.close();
});

function put(body: Record<string, unknown>, who: { cookie?: string; anonId?: string }) {
  return h.request("/api/feedback", { method: "PUT", body, ...who });
}

async function rows() {
  return h.db.db.select().from(schema.feedback);
}

describe("PUT /api/feedback", () => {
  it("keeps one rating per signed-in user per answer (a new one replaces it) with a snapshot from their entry", async () => {
    await saveEntry(h, {
      id: "fb1",
      userId: user.userId,
      query: "Stored question",
      markdown: "**Stored** answer [1].",
    });
    const first = await put(
      { entryId: "fb1", rating: "up", query: "client says", answer: "client answer" },
      user,
    );
    expect(first.status).toBe(200);
    expect(feedbackResponseSchema.parse(await first.json())).toMatchObject({
      rating: "up",
      feedbackType: null,
    });
    h.clock.advance(1000);
    const second = await put(
      {
        entryId: "fb1",
        rating: "down",
        feedbackType: "inaccurate",
        feedbackText: "  Wrong date.  ",
      },
      user,
    );
    expect(second.status).toBe(200);
    const mine = (await rows()).filter((r) => r.entryId === "fb1");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      userId: user.userId,
      sessionId: null,
      rating: "down",
      feedbackType: "inaccurate",
      feedbackText: "Wrong date.",
      query: "Stored question",
      answerExcerpt: "Stored answer.",
    });
    const read = await h.request("/api/feedback/fb1", { cookie: user.cookie });
    expect(feedbackResponseSchema.parse(await read.json())).toMatchObject({
      entryId: "fb1",
      rating: "down",
      feedbackType: "inaccurate",
      feedbackText: "Wrong date.",
    });
  });

  it("keeps one rating per anonymous id per answer, separate from other raters", async () => {
    const answer = `${"A long anonymous answer. ".repeat(50)}`;
    for (const rating of ["up", "down", "up"])
      expect(
        (
          await put(
            { entryId: "anonEntry", rating, query: "Anon question", answer },
            { anonId: ANON_A },
          )
        ).status,
      ).toBe(200);
    expect((await put({ entryId: "anonEntry", rating: "down" }, { anonId: ANON_B })).status).toBe(
      200,
    );
    const stored = (await rows()).filter((r) => r.entryId === "anonEntry");
    expect(stored.map((r) => [r.sessionId, r.rating]).sort()).toEqual([
      [ANON_A, "up"],
      [ANON_B, "down"],
    ]);
    const a = stored.find((r) => r.sessionId === ANON_A);
    expect(a?.userId).toBeNull();
    expect(a?.query).toBe("Anon question");
    expect(a?.answerExcerpt.length).toBeLessThanOrEqual(500);
    expect(a?.answerExcerpt.startsWith("A long anonymous answer.")).toBe(true);
    // Each reads only their own.
    const readB = await h.request("/api/feedback/anonEntry", { anonId: ANON_B });
    expect(((await readB.json()) as { rating: string }).rating).toBe("down");
    expect((await h.request("/api/feedback/anonEntry", { cookie: user.cookie })).status).toBe(404);
    expect(
      (await h.request("/api/feedback/anonEntry", { anonId: "anon_1795000000000_cccccccc" }))
        .status,
    ).toBe(404);
  });

  it("never snapshots another user's saved answer", async () => {
    const owner = await h.signIn("owner-of-entry@acme.com");
    await saveEntry(h, {
      id: "private1",
      userId: owner.userId,
      query: "Private question",
      markdown: "Private answer",
    });
    expect(
      (await put({ entryId: "private1", rating: "up", query: "Mine", answer: "Mine too" }, user))
        .status,
    ).toBe(200);
    const row = (await rows()).find((r) => r.entryId === "private1");
    expect(row).toMatchObject({ userId: user.userId, query: "Mine", answerExcerpt: "Mine too" });
  });

  it("answers 404 for an entry id no answer can have (a NUL byte, punctuation), and 400 in a body", async () => {
    const anon = { anonId: "anon_1795000000000_nulcheck1" };
    for (const id of ["%00", "a%00b", "x%20y", "a.b"]) {
      const res = await h.request(`/api/feedback/${id}`, anon);
      expect(res.status, id).toBe(404);
    }
    expect((await put({ entryId: "a\u0000b", rating: "up" }, anon)).status).toBe(400);
  });

  it("answers 401 without a user or an anonymous id, 400 for bad bodies, and stores nothing", async () => {
    const before = (await rows()).length;
    expect((await put({ entryId: "x", rating: "up" }, {})).status).toBe(401);
    expect((await h.request("/api/feedback/x")).status).toBe(401);
    for (const body of [
      { entryId: "x", rating: "meh" },
      { entryId: "", rating: "up" },
      { entryId: "x", rating: "up", feedbackType: "rude" },
      { entryId: "x", rating: "up", feedbackText: "y".repeat(2001) },
    ])
      expect((await put(body, { anonId: ANON_A })).status, JSON.stringify(body)).toBe(400);
    expect((await rows()).length).toBe(before);
  });
});

describe("admin feedback (super-admins only)", () => {
  it("is a 404 like an unknown route for everyone else", async () => {
    for (const who of [{ cookie: user.cookie }, { anonId: ANON_A }, {}]) {
      for (const url of ["/api/admin/feedback", "/api/admin/feedback.csv"]) {
        const res = await h.request(url, who);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
      }
    }
  });

  it("pages newest first, 50 a page, without repeats or gaps, and filters by rating and type", async () => {
    await h.db.db.delete(schema.feedback);
    const base = Date.parse("2026-05-01T00:00:00Z");
    await h.db.db.insert(schema.feedback).values(
      Array.from({ length: 120 }, (_, i) => ({
        id: `f${String(i).padStart(3, "0")}`,
        sessionId: `anon_1795000000000_${String(i).padStart(8, "0")}`,
        userId: i === 0 ? user.userId : null,
        entryId: `e${i}`,
        rating: i % 2 === 0 ? ("up" as const) : ("down" as const),
        feedbackType: i % 3 === 0 ? "outdated" : null,
        // Ties on the timestamp: the id breaks them.
        timestamp: new Date(base + Math.floor(i / 4) * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/feedback${cursor ? `?cursor=${cursor}` : ""}`;
      const page = adminFeedbackPageSchema.parse(
        await (await h.request(url, { cookie: admin.cookie })).json(),
      );
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen[0]).toBe("f119");
    expect(seen.at(-1)).toBe("f000");
    const filtered = adminFeedbackPageSchema.parse(
      await (
        await h.request("/api/admin/feedback?rating=up&type=outdated", { cookie: admin.cookie })
      ).json(),
    );
    expect(filtered.items.map((i) => i.id)).toEqual(
      seen.filter((id) => Number(id.slice(1)) % 6 === 0),
    );
    expect(filtered.items.at(-1)).toMatchObject({ from: "rater@acme.com" });
    expect(filtered.items[0]).toMatchObject({ from: "anonymous" });
    for (const q of ["?cursor=garbage", "?rating=meh", "?type=rude"])
      expect((await h.request(`/api/admin/feedback${q}`, { cookie: admin.cookie })).status).toBe(
        400,
      );
  });

  it("exports CSV with RFC 4180 quoting and spreadsheet formulas neutralized", async () => {
    await h.db.db.delete(schema.feedback);
    await h.db.db.insert(schema.feedback).values({
      id: "csv1",
      sessionId: ANON_A,
      entryId: "e-csv",
      rating: "down",
      feedbackType: "harmful",
      feedbackText: '=HYPERLINK("http://evil.example","click"), then\nmore',
      query: "+1 or -1?",
      answerExcerpt: '@SUM(A1) "quoted"',
      timestamp: new Date("2026-06-01T00:00:00Z"),
    });
    const res = await h.request("/api/admin/feedback.csv", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const text = await res.text();
    expect(text).toBe(
      "id,timestamp,rating,feedbackType,feedbackText,from,entryId,query,answerExcerpt\r\n" +
        `csv1,2026-06-01T00:00:00.000Z,down,harmful,"'=HYPERLINK(""http://evil.example"",""click""), then\nmore",anonymous,e-csv,'+1 or -1?,"'@SUM(A1) ""quoted"""\r\n`,
    );
    const none = await h.request("/api/admin/feedback.csv?rating=up", { cookie: admin.cookie });
    expect((await none.text()).split("\r\n")).toHaveLength(2);
  });

  it("quotes cells as RFC 4180 says", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvRow(["a", "=1"])).toBe("a,'=1\r\n");
  });
});
