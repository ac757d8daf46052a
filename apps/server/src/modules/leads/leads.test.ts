import { LEADS_RATE_LIMIT_MESSAGE, MESSAGES } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";

const ADMIN_EMAIL = "ceo@nexus.test";
const ADMIN_ID = "22222222-2222-4222-8222-222222222222";

let h: Harness;
let ipSeq = 0;
/** Every test sends from its own address, so the per-address limit only bites where tested. */
const nextIp = () => `203.0.113.${++ipSeq}`;

const post = (body: unknown, options: { ip?: string; cookie?: string } = {}) =>
  h.request("/api/leads", {
    method: "POST",
    body,
    forwardedFor: options.ip ?? nextIp(),
    cookie: options.cookie,
  });

const allLeads = () => h.db.db.select().from(schema.leads);

beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: "true", SUPER_ADMIN_IDS: `${ADMIN_EMAIL}, ${ADMIN_ID}` });
  // The second super-admin is named by account id (resolved to its e-mail for notifications).
  await h.db.db.insert(schema.users).values({
    id: ADMIN_ID,
    email: "second-admin@nexus.test",
    name: "Second Admin",
  });
});
afterAll(async () => {
  await h.close();
});

describe("POST /api/leads validation", () => {
  it("answers exactly 'Missing required fields' without fullName or email, storing nothing", async () => {
    const bodies: unknown[] = [
      {},
      { email: "ada@acme.com" },
      { fullName: "Ada Lovelace" },
      { fullName: "   ", email: "ada@acme.com" },
      { fullName: "Ada", email: "  " },
      { fullName: null, email: "ada@acme.com" },
      { fullName: "Ada", email: 42 },
      { fullName: "Ada", company: "Acme", message: "Hello" },
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = (await res.json()) as { error: { code: string; message: string } };
      expect(json.error).toMatchObject({
        code: "bad_request",
        message: MESSAGES.missingRequiredFields,
      });
    }
    expect(await allLeads()).toEqual([]);
  });

  it("checks the e-mail's shape and the choices", async () => {
    for (const email of ["not-an-email", "a@b", "two words@acme.com"]) {
      const res = await post({ fullName: "Ada", email });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        MESSAGES.emailInvalid,
      );
    }
    const badSize = await post({ fullName: "Ada", email: "ada@acme.com", companySize: "huge" });
    expect(badSize.status).toBe(400);
    const notJson = await h.request("/api/leads", {
      method: "POST",
      body: "fullName=Ada",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      forwardedFor: nextIp(),
    });
    expect(notJson.status).toBe(415);
    expect(await allLeads()).toEqual([]);
  });
});

describe("POST /api/leads storing", () => {
  it("stores a lead with nulls for empty fields, source book_demo, status new and the time", async () => {
    h.clock.set("2031-03-04T05:06:07.000Z");
    const res = await post({
      fullName: "  Grace Hopper ",
      email: " Grace@Navy.MIL ",
      company: "",
      title: "   ",
      companySize: "",
      deploymentPreference: null,
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ received: true });
    const [row] = await allLeads();
    expect(row).toMatchObject({
      fullName: "Grace Hopper",
      email: "grace@navy.mil",
      company: null,
      companySize: null,
      title: null,
      linkedinProfile: null,
      deploymentPreference: null,
      message: null,
      source: "book_demo",
      status: "new",
      userId: null,
    });
    expect(row?.timestamp.toISOString()).toBe("2031-03-04T05:06:07.000Z");
    expect(row?.lastUpdated.toISOString()).toBe("2031-03-04T05:06:07.000Z");
    await h.db.db.delete(schema.leads);
  });

  it("keeps every field and the signed-in user's id, and e-mails the super-admins about it", async () => {
    const visitor = await h.signIn("visitor@initech.com");
    const since = Date.now();
    const res = await post(
      {
        fullName: "Peter Gibbons",
        email: "peter@initech.com",
        company: "Initech",
        companySize: "51-200",
        title: "Engineer",
        linkedinProfile: "https://www.linkedin.com/in/peter",
        deploymentPreference: "self-hosted",
        message: "We want Nexus on our own servers.\nCan you help?",
      },
      { cookie: visitor.cookie },
    );
    expect(res.status).toBe(202);
    const [row] = await allLeads();
    expect(row).toMatchObject({
      company: "Initech",
      companySize: "51-200",
      title: "Engineer",
      linkedinProfile: "https://www.linkedin.com/in/peter",
      deploymentPreference: "self-hosted",
      message: "We want Nexus on our own servers.\nCan you help?",
      userId: visitor.userId,
    });
    for (const to of [ADMIN_EMAIL, "second-admin@nexus.test"]) {
      const mail = await h.smtp.waitFor(to, { since });
      expect(mail.subject).toBe("New demo request: Peter Gibbons (Initech)");
      expect(mail.text).toContain("E-mail: peter@initech.com");
      expect(mail.text).toContain("Deployment: Self-hosted");
      expect(mail.text).toContain("We want Nexus on our own servers.");
      expect(mail.text).toContain(`/app/admin/leads?lead=${row?.id}`);
    }
    await h.db.db.delete(schema.leads);
  });

  it("answers a filled honeypot like a success but stores and sends nothing", async () => {
    const since = Date.now();
    const bot = await post({ fullName: "Bot", email: "bot@spam.test", website: "http://spam" });
    const real = await post({ fullName: "Real", email: "real@acme.com" });
    expect(bot.status).toBe(202);
    expect(await bot.text()).toBe(await real.text());
    expect((await allLeads()).map((r) => r.email)).toEqual(["real@acme.com"]);
    // The bot's request came first: had it sent mail, it would be here by now.
    await h.smtp.waitFor(ADMIN_EMAIL, { since });
    await h.smtp.waitFor("second-admin@nexus.test", { since });
    const sent = h.smtp.messages.filter((m) => m.receivedAt >= since);
    expect(sent.map((m) => m.subject)).toEqual([
      "New demo request: Real",
      "New demo request: Real",
    ]);
    expect(h.logs.join("")).toContain("lead dropped: honeypot filled");
    await h.db.db.delete(schema.leads);
  });

  it("limits each address to 5 requests an hour: the 6th is a 429 with Retry-After", async () => {
    const ip = nextIp();
    // Malformed requests store and send nothing, so they do not use up the allowance.
    for (let i = 0; i < 8; i++)
      expect((await post({ email: "x@acme.com" }, { ip })).status).toBe(400);
    for (let i = 0; i < 5; i++) {
      const res = await post({ fullName: `Lead ${i}`, email: `lead${i}@acme.com` }, { ip });
      expect(res.status).toBe(202);
    }
    const limited = await post({ fullName: "Lead 6", email: "lead6@acme.com" }, { ip });
    expect(limited.status).toBe(429);
    // Until the hour's window ends.
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(
      LEADS_RATE_LIMIT_MESSAGE,
    );
    expect((await allLeads()).length).toBe(5);
    // Another address is not affected.
    expect((await post({ fullName: "Other", email: "other@acme.com" })).status).toBe(202);
    await h.db.db.delete(schema.leads);
  });
});

describe("lead notification failures", () => {
  it("does not hold or fail the request when the mail server is down; the failure is logged", async () => {
    const down = await createHarness({
      SUPER_ADMIN_IDS: ADMIN_EMAIL,
      SMTP_URL: "smtp://127.0.0.1:9",
    });
    try {
      const res = await down.request("/api/leads", {
        method: "POST",
        body: { fullName: "Ada", email: "ada@acme.com" },
      });
      expect(res.status).toBe(202);
      expect((await down.db.db.select().from(schema.leads)).length).toBe(1);
      await vi.waitFor(
        () => expect(down.logs.join("")).toContain("lead notification e-mail failed"),
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await down.close();
    }
  }, 30_000);
});
