import type { AdminLead, AdminLeadPage } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";

const ADMIN = "root@nexus.test";
let h: Harness;
let admin: { cookie: string; userId: string };

beforeAll(async () => {
  h = await createHarness({ SUPER_ADMIN_IDS: ADMIN });
  admin = await h.signIn(ADMIN);
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.db.db.delete(schema.leads);
});

type LeadValues = typeof schema.leads.$inferInsert;
async function seed(values: Array<Partial<LeadValues> & { id: string }>) {
  await h.db.db.insert(schema.leads).values(
    values.map((v) => ({
      fullName: `Lead ${v.id}`,
      email: `${v.id.toLowerCase()}@acme.com`,
      timestamp: new Date("2031-01-01T00:00:00.000Z"),
      lastUpdated: new Date("2031-01-01T00:00:00.000Z"),
      ...v,
    })),
  );
}

async function getJson<T>(path: string): Promise<T> {
  const res = await h.request(path, { cookie: admin.cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function collect(query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const page: AdminLeadPage = await getJson(`/api/admin/leads?limit=3${query}${suffix}`);
    expect(page.items.length).toBeLessThanOrEqual(3);
    ids.push(...page.items.map((l) => l.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe("admin leads inbox", () => {
  it("pages newest first with a keyset cursor: no repeats, none missed, ties broken by id", async () => {
    // Ten leads, several sharing a timestamp, inserted out of order.
    const at = (m: number) => new Date(Date.UTC(2031, 0, 1, 0, m));
    const specs = [
      ["L05", 5],
      ["L01", 1],
      ["L09", 9],
      ["L03", 3],
      ["L07", 3],
      ["L04", 3],
      ["L02", 2],
      ["L08", 8],
      ["L06", 8],
      ["L10", 10],
    ] as const;
    await seed(specs.map(([id, m]) => ({ id, timestamp: at(m) })));
    const ids = await collect("");
    expect(ids).toEqual(["L10", "L09", "L08", "L06", "L05", "L07", "L04", "L03", "L02", "L01"]);
    // A lead arriving while paging does not shift later pages.
    const first: AdminLeadPage = await getJson("/api/admin/leads?limit=3");
    await seed([{ id: "L11", timestamp: at(11) }]);
    const second: AdminLeadPage = await getJson(
      `/api/admin/leads?limit=3&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
    );
    expect(second.items.map((l) => l.id)).toEqual(["L06", "L05", "L07"]);
    expect(
      (await h.request("/api/admin/leads?cursor=garbage", { cookie: admin.cookie })).status,
    ).toBe(400);
  });

  it("filters by status and searches name, e-mail and company (wildcards are literal)", async () => {
    await seed([
      { id: "A1", fullName: "Ada Lovelace", company: "Analytical Engines" },
      { id: "A2", fullName: "Grace Hopper", email: "grace@navy.mil", status: "contacted" },
      { id: "A3", fullName: "Alan Turing", company: "Bletchley 100%" },
    ]);
    const ids = async (q: string) =>
      (await getJson<AdminLeadPage>(`/api/admin/leads?${q}`)).items.map((l) => l.id).sort();
    expect(await ids("status=contacted")).toEqual(["A2"]);
    expect(await ids("status=new")).toEqual(["A1", "A3"]);
    expect(await ids("q=navy")).toEqual(["A2"]);
    expect(await ids("q=ENGINES")).toEqual(["A1"]);
    expect(await ids("q=lovelace")).toEqual(["A1"]);
    expect(await ids("q=100%25")).toEqual(["A3"]);
    expect(await ids("q=%25")).toEqual(["A3"]);
    expect(await ids("q=_")).toEqual([]);
    expect(
      (await h.request("/api/admin/leads?status=maybe", { cookie: admin.cookie })).status,
    ).toBe(400);
  });

  it("opens one lead; an unknown or malformed id is a 404", async () => {
    await seed([{ id: "Open1", message: "Hello" }]);
    const lead = await getJson<AdminLead>("/api/admin/leads/Open1");
    expect(lead).toMatchObject({
      id: "Open1",
      message: "Hello",
      status: "new",
      source: "book_demo",
    });
    for (const id of ["Nope", "bad%20id", "x".repeat(200)]) {
      expect((await h.request(`/api/admin/leads/${id}`, { cookie: admin.cookie })).status).toBe(
        404,
      );
    }
  });
});

describe("lead status changes", () => {
  const patch = (id: string, body: unknown) =>
    h.request(`/api/admin/leads/${id}`, { method: "PATCH", cookie: admin.cookie, body });
  const row = async (id: string) =>
    (await h.db.db.select().from(schema.leads).where(eq(schema.leads.id, id)))[0];

  it("moves new → contacted → qualified → won, updating lastUpdated each time", async () => {
    await seed([{ id: "S1" }]);
    // (The clock only moves forward by minutes: the admin's session must stay valid.)
    for (const status of ["contacted", "qualified", "won"] as const) {
      h.clock.advance(60_000);
      const res = await patch("S1", { status });
      expect(res.status).toBe(200);
      const body = (await res.json()) as AdminLead;
      expect(body.status).toBe(status);
      expect(body.lastUpdated).toBe(h.clock.now().toISOString());
      expect(body.timestamp).toBe("2031-01-01T00:00:00.000Z");
    }
    expect((await row("S1"))?.status).toBe("won");
  });

  it("refuses moves the pipeline does not allow (409) and bad bodies (400), changing nothing", async () => {
    await seed([{ id: "S2" }, { id: "S3", status: "lost" }]);
    const before = await row("S2");
    for (const status of ["new", "qualified", "won"]) {
      const res = await patch("S2", { status });
      expect(res.status, status).toBe(409);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        /^A lead that is new cannot move to /,
      );
    }
    for (const body of [{}, { status: "archived" }, { status: "contacted", extra: 1 }, "nope"]) {
      expect((await patch("S2", body)).status).toBe(400);
    }
    expect(await row("S2")).toEqual(before);
    expect((await patch("S3", { status: "contacted" })).status).toBe(409);
    expect((await row("S3"))?.status).toBe("lost");
    expect((await patch("Missing", { status: "contacted" })).status).toBe(404);
  });

  it("lets exactly one of two concurrent identical moves win", async () => {
    await seed([{ id: "S4" }]);
    const results = await Promise.all([
      patch("S4", { status: "contacted" }),
      patch("S4", { status: "contacted" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe("leads CSV export", () => {
  it("is RFC 4180 with formula cells neutralized, newest first, byte for byte", async () => {
    await seed([
      {
        id: "C1",
        fullName: '=HYPERLINK("http://evil")',
        email: "c1@acme.com",
        company: "+Acme, Inc.",
        companySize: "11-50",
        title: "-Head",
        linkedinProfile: "@handle",
        deploymentPreference: "cloud",
        message: 'Line one\r\nsaid "hi"',
        timestamp: new Date("2031-01-02T00:00:00.000Z"),
        lastUpdated: new Date("2031-01-03T00:00:00.000Z"),
      },
      {
        id: "C2",
        fullName: "Plain Person",
        email: "c2@acme.com",
        message: "\tTabbed",
        status: "contacted",
        userId: admin.userId,
      },
    ]);
    const res = await h.request("/api/admin/leads.csv", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="nexus-leads.csv"');
    const expected = [
      "id,timestamp,lastUpdated,status,source,fullName,email,company,companySize,title,linkedinProfile,deploymentPreference,message,userId",
      `C1,2031-01-02T00:00:00.000Z,2031-01-03T00:00:00.000Z,new,book_demo,"'=HYPERLINK(""http://evil"")",c1@acme.com,"'+Acme, Inc.",11-50,'-Head,'@handle,cloud,"Line one\r\nsaid ""hi""",`,
      `C2,2031-01-01T00:00:00.000Z,2031-01-01T00:00:00.000Z,contacted,book_demo,Plain Person,c2@acme.com,,,,,,'\tTabbed,${admin.userId}`,
      "",
    ].join("\r\n");
    expect(Buffer.from(await res.arrayBuffer()).toString("utf8")).toBe(expected);
    const filtered = await h.request("/api/admin/leads.csv?status=contacted", {
      cookie: admin.cookie,
    });
    const lines = (await filtered.text()).split("\r\n");
    expect(lines.slice(1, -1).map((l) => l.split(",")[0])).toEqual(["C2"]);
  });
});
