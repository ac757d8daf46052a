import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractSignInLink } from "../../../../../e2e/fakes/smtp-capture.ts";
import { createHarness, type Harness, tokenOf } from "../../../test/harness.ts";
import { LINKS_PER_REQUESTER } from "./auth.service.ts";

/**
 * Finding 1 of issue 11: anyone could keep a person from signing in (each request voided the
 * earlier link; three requests silenced the address for 10 minutes). One trusted proxy appends
 * the client address to X-Forwarded-For, as nginx's $proxy_add_x_forwarded_for does.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: "1", SIGNIN_RATE_LIMIT: "4" });
});
afterAll(async () => {
  await h.close();
});

const VICTIM = "victim@acme.com";
const VICTIM_NET = "203.0.113.10";
const ATTACKER_NET = "198.51.100.66";

const ask = async (email: string, client: string) => {
  const res = await h.request("/api/auth/email-link", {
    method: "POST",
    body: { email },
    forwardedFor: `10.9.9.9, ${client}`,
  });
  const body = res.status === 202 ? ((await res.json()) as { ok: true; status: string }) : null;
  return { status: res.status, body };
};
const check = async (token: string) =>
  (await h.request("/api/auth/email-link/check", { method: "POST", body: { token } })).json();
const complete = (token: string, email: string) =>
  h.request("/api/auth/email-link/complete", { method: "POST", body: { token, email } });

async function linkFor(client: string): Promise<string> {
  const since = Date.now();
  expect(await ask(VICTIM, client)).toEqual({ status: 202, body: { ok: true, status: "sent" } });
  return tokenOf(extractSignInLink(await h.smtp.waitFor(VICTIM, { since })));
}

describe("sign-in that no one else can block", () => {
  it("lets the victim sign in however many links an attacker requests for their address", async () => {
    h.clock.set("2026-11-25T12:00:10Z");
    const pending = await linkFor(VICTIM_NET);

    // The attacker floods from another network: a few mails, then "recently sent", then 429.
    const attacks = [];
    for (let i = 0; i < 6; i++) attacks.push(await ask(VICTIM, ATTACKER_NET));
    expect(attacks.map((a) => a.body?.status ?? a.status)).toEqual([
      ...new Array(LINKS_PER_REQUESTER).fill("sent"),
      "recently_sent",
      429,
      429,
    ]);
    const attackerTokens = h.smtp.messages
      .filter((m) => m.to.includes(VICTIM))
      .slice(-LINKS_PER_REQUESTER)
      .map((m) => tokenOf(extractSignInLink(m)));
    expect(new Set(attackerTokens).size).toBe(LINKS_PER_REQUESTER);

    // The victim's earlier link was not voided, and their own new request still sends a mail.
    expect(await check(pending)).toEqual({ valid: true });
    const fresh = await linkFor(VICTIM_NET);
    const signedIn = await complete(fresh, VICTIM);
    expect(signedIn.status).toBe(200);

    // The sign-in ends every pending link of the address: the victim's and the attacker's.
    for (const token of [pending, ...attackerTokens]) {
      expect(await check(token)).toEqual({ valid: false });
      expect((await complete(token, VICTIM)).status).toBe(400);
    }
  });

  it("lets an earlier link sign in while later ones are pending, and then ends them", async () => {
    h.clock.set("2026-11-25T13:00:10Z");
    const email = "patient@acme.com";
    const first = tokenOf(await h.requestLink(email));
    const second = tokenOf(await h.requestLink(email));
    expect((await complete(first, email)).status).toBe(200);
    expect((await complete(second, email)).status).toBe(400);
  });

  it("says a link was sent moments ago alike for known and unknown addresses (no enumeration)", async () => {
    h.clock.set("2026-11-25T14:00:10Z");
    await h.signIn("known@acme.com");
    h.clock.set("2026-11-25T14:20:10Z");
    const answers = [];
    for (const [k, email] of ["known@acme.com", "nobody@acme.com"].entries()) {
      const seen = [];
      // Each network is its own requester: spread over networks, every request sends.
      for (let i = 1; i <= LINKS_PER_REQUESTER + 1; i++)
        seen.push(await ask(email, `192.0.2.${10 * k + i}`));
      // One requester asking again and again: sent, sent, sent, then "sent moments ago".
      for (let i = 0; i <= LINKS_PER_REQUESTER; i++)
        seen.push(await ask(email, `192.0.2.${100 + k}`));
      answers.push(seen);
    }
    expect(answers[0]).toEqual(answers[1]);
    const sent = { status: 202, body: { ok: true, status: "sent" } };
    expect(answers[0]).toEqual([
      ...new Array(2 * LINKS_PER_REQUESTER + 1).fill(sent),
      { status: 202, body: { ok: true, status: "recently_sent" } },
    ]);
  });
});
