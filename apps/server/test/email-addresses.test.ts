import { MESSAGES } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractSignInLink } from "../../../e2e/fakes/smtp-capture.ts";
import { EnvError, parseEnv } from "../src/env.ts";
import { createHarness, type Harness, tokenOf } from "./harness.ts";

/** Finding 4 of issue 11: address-list syntax is not an e-mail address, anywhere one is accepted. */
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ LEADS_RATE_LIMIT: "100000", SUPER_ADMIN_IDS: "boss@nexus.test" });
});
afterAll(async () => {
  await h.close();
});

const HOSTILE = [
  "a<victim@example.com>",
  "Eve <victim@example.com>",
  '"Eve" <victim@example.com>',
  "victim@example.com, eve@example.com",
  "victim@example.com;eve@example.com",
  "victim@example.com (Eve)",
  "victim@example.com\r\nBcc: eve@example.com",
  "victim @example.com",
  '"victim"@example.com',
  "victim@[127.0.0.1]",
  `${"v".repeat(65)}@example.com`,
];

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return body.error;
}

const mailsTo = (fragment: string) =>
  h.smtp.messages.filter((m) => JSON.stringify(m).includes(fragment));

describe("sign-in link requests", () => {
  it.each(HOSTILE)("refuses %j with the spec's message and sends no mail", async (email) => {
    const res = await h.request("/api/auth/email-link", { method: "POST", body: { email } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: "bad_request",
      message: MESSAGES.emailInvalid,
    });
  });

  it("stored no link and sent nothing for any of them", async () => {
    expect(await h.db.db.select().from(schema.signInTokens)).toEqual([]);
    expect(mailsTo("victim")).toEqual([]);
    expect(h.smtp.messages).toEqual([]);
  });

  it("answers a blank address with 'Email address is required'", async () => {
    for (const body of [{ email: "   " }, {}]) {
      const res = await h.request("/api/auth/email-link", { method: "POST", body });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(MESSAGES.emailRequired);
    }
  });

  it("still sends a link to a plain address, trimmed and lower-cased", async () => {
    const res = await h.request("/api/auth/email-link", {
      method: "POST",
      body: { email: "  Ada.Lovelace+demo@Example.COM " },
    });
    expect(res.status).toBe(202);
    const mail = await h.smtp.waitFor("ada.lovelace+demo@example.com");
    expect(extractSignInLink(mail)).toContain("#signin=");
  });
});

describe("completing a sign-in", () => {
  it("refuses an address-list e-mail with the spec's message and opens no session", async () => {
    const link = await h.requestLink("grace@example.com");
    const res = await h.request("/api/auth/email-link/complete", {
      method: "POST",
      body: { token: tokenOf(link), email: "x<grace@example.com>" },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(MESSAGES.emailInvalid);
    expect(await h.db.db.select().from(schema.sessions)).toEqual([]);
    // The link is still good for the real address.
    const ok = await h.request("/api/auth/email-link/complete", {
      method: "POST",
      body: { token: tokenOf(link), email: "Grace@Example.com" },
    });
    expect(ok.status).toBe(200);
  });
});

describe("book-a-demo leads", () => {
  it.each(HOSTILE)(
    "refuses %j with the lead form's message, storing and sending nothing",
    async (email) => {
      const before = h.smtp.messages.length;
      const res = await h.request("/api/leads", {
        method: "POST",
        body: { fullName: "Eve", email, message: "hello" },
      });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(MESSAGES.emailInvalid);
      expect(await h.db.db.select().from(schema.leads)).toEqual([]);
      expect(h.smtp.messages.length).toBe(before);
    },
  );

  it("keeps 'Missing required fields' for a blank address", async () => {
    const res = await h.request("/api/leads", {
      method: "POST",
      body: { fullName: "Eve", email: "  " },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(MESSAGES.missingRequiredFields);
  });

  it("stores a plain address lower-cased", async () => {
    const res = await h.request("/api/leads", {
      method: "POST",
      body: { fullName: "Ada", email: " Ada@Acme.COM " },
    });
    expect(res.status).toBe(202);
    const rows = await h.db.db.select().from(schema.leads);
    expect(rows.map((r) => r.email)).toEqual(["ada@acme.com"]);
  });
});

describe("SUPER_ADMIN_IDS", () => {
  it("takes ids and plain addresses (lower-cased) and refuses address-list syntax at start-up", () => {
    const env = parseEnv({
      SUPER_ADMIN_IDS: " Boss@Nexus.test , 22222222-2222-4222-8222-222222222222",
    });
    expect(env.SUPER_ADMIN_IDS).toEqual([
      "boss@nexus.test",
      "22222222-2222-4222-8222-222222222222",
    ]);
    expect(() => parseEnv({ SUPER_ADMIN_IDS: "Boss <boss@nexus.test>" })).toThrow(EnvError);
    expect(() => parseEnv({ SUPER_ADMIN_IDS: "a<boss@nexus.test>" })).toThrow(
      /SUPER_ADMIN_IDS: "a<boss@nexus.test>" is not one plain e-mail address/,
    );
  });
});
