import { createHash } from "node:crypto";
import { MESSAGES } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, cookieOf, createHarness, type Harness, tokenOf } from "../../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const complete = (token: string, email: string, extra: { headers?: Record<string, string> } = {}) =>
  h.request("/api/auth/email-link/complete", { method: "POST", body: { token, email }, ...extra });

describe("requesting a sign-in link (G3)", () => {
  it("mails a 256-bit link at APP_URL, stores only its SHA-256 and expires it within 15 minutes", async () => {
    const link = await h.requestLink("first@acme.com");
    expect(link.startsWith(`${APP_URL}/app#signin=`)).toBe(true);
    const token = tokenOf(link);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await h.db.db
      .select()
      .from(schema.signInTokens)
      .where(eq(schema.signInTokens.email, "first@acme.com"));
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("base64url"));
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  });

  it("builds the link from APP_URL, never from the Host header", async () => {
    const since = Date.now();
    const res = await h.app.request("http://evil.example/api/auth/email-link", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        host: "evil.example",
        "x-forwarded-host": "evil.example",
      },
      body: JSON.stringify({ email: "host@acme.com" }),
    });
    expect(res.status).toBe(202);
    const mail = await h.smtp.waitFor("host@acme.com", { since });
    expect(mail.text).toContain(`${APP_URL}/app#signin=`);
    expect(mail.text).not.toContain("evil.example");
  });

  it("opens the link on the app page it was asked from (a shared agent), never elsewhere", async () => {
    const next = "/app/agents/custom/shared/abcdefghijklmnopqrstuv";
    const since = Date.now();
    const res = await h.request("/api/auth/email-link", {
      method: "POST",
      body: { email: "back@acme.com", next },
    });
    expect(res.status).toBe(202);
    const mail = await h.smtp.waitFor("back@acme.com", { since });
    expect(mail.text).toContain(`${APP_URL}${next}#signin=`);
    for (const bad of [
      "https://evil.example/app",
      "//evil.example/app",
      "/app/../admin",
      "/app?x=1",
      "/app#frag",
      "/blog",
      "/app/\\evil.example",
    ]) {
      const refused = await h.request("/api/auth/email-link", {
        method: "POST",
        body: { email: "back@acme.com", next: bad },
      });
      expect(refused.status, bad).toBe(400);
    }
  });

  it("answers identically for known and unknown addresses (no enumeration)", async () => {
    await h.signIn("known@acme.com");
    const known = await h.request("/api/auth/email-link", {
      method: "POST",
      body: { email: "known@acme.com" },
    });
    const unknown = await h.request("/api/auth/email-link", {
      method: "POST",
      body: { email: "nobody@acme.com" },
    });
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
  });

  it("trims and lower-cases the address and rejects bad ones with the spec's messages", async () => {
    const since = Date.now();
    const ok = await h.request("/api/auth/email-link", {
      method: "POST",
      body: { email: "  MiXed@Acme.COM " },
    });
    expect(ok.status).toBe(202);
    await h.smtp.waitFor("mixed@acme.com", { since });
    const empty = await h.request("/api/auth/email-link", {
      method: "POST",
      body: { email: "   " },
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toBe(
      MESSAGES.emailRequired,
    );
    const bad = await h.request("/api/auth/email-link", {
      method: "POST",
      body: { email: "not-an-email" },
    });
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      MESSAGES.emailInvalid,
    );
  });

  it("keeps an older unused link valid when a new one is requested; a sign-in ends them all", async () => {
    const first = tokenOf(await h.requestLink("twice@acme.com"));
    const second = tokenOf(await h.requestLink("twice@acme.com"));
    const third = tokenOf(await h.requestLink("twice@acme.com"));
    expect((await complete(first, "twice@acme.com")).status).toBe(200);
    for (const later of [second, third]) {
      const check = await h.request("/api/auth/email-link/check", {
        method: "POST",
        body: { token: later },
      });
      expect(await check.json()).toEqual({ valid: false });
      expect((await complete(later, "twice@acme.com")).status).toBe(400);
    }
  });

  it("never writes a link token or session cookie into the logs", async () => {
    const link = await h.requestLink("logs@acme.com");
    const res = await complete(tokenOf(link), "logs@acme.com");
    const cookie = cookieOf(res);
    await h.request("/api/me", { cookie });
    const all = h.logs.join("\n");
    expect(all).not.toContain(tokenOf(link));
    expect(all).not.toContain(cookie.split("=")[1] ?? "no-cookie");
  });
});

describe("completing a sign-in link (G3)", () => {
  it("creates the profile with derived name and organisation, tier free, and a session cookie", async () => {
    const link = await h.requestLink("jane.doe@eng.initech.co.uk");
    const res = await complete(tokenOf(link), "jane.doe@eng.initech.co.uk");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown>; tier: string };
    expect(body.tier).toBe("free");
    expect(body.user).toMatchObject({
      name: "Jane Doe",
      orgName: "Initech",
      orgID: "",
      tier: "free",
      photoURL: null,
    });
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^nexus_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Secure");
    const me = await h.request("/api/me", { cookie: cookieOf(res) });
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(
      "jane.doe@eng.initech.co.uk",
    );
  });

  it("gives free-mail addresses no organisation name", async () => {
    const { cookie } = await h.signIn("someone@gmail.com");
    const me = (await (await h.request("/api/me", { cookie })).json()) as {
      user: { orgName: string | null };
    };
    expect(me.user.orgName).toBeNull();
  });

  it("lets exactly one of 100 parallel completions of one link sign in", async () => {
    const token = tokenOf(await h.requestLink("race@acme.com"));
    const results = await Promise.all(
      Array.from({ length: 100 }, () => complete(token, "race@acme.com")),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(99);
    const [user] = await h.db.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "race@acme.com"));
    const sessions = await h.db.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user?.id ?? ""));
    expect(sessions).toHaveLength(1);
  });

  it("refuses an expired link", async () => {
    const token = tokenOf(await h.requestLink("late@acme.com"));
    h.clock.advance(15 * 60_000 + 1);
    try {
      const res = await complete(token, "late@acme.com");
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_link");
    } finally {
      h.clock.advance(-(15 * 60_000 + 1));
    }
  });

  it("binds the link to its e-mail: another address gets no session and the link stays usable", async () => {
    const token = tokenOf(await h.requestLink("owner@acme.com"));
    const wrong = await complete(token, "attacker@evil.com");
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe(
      "verification_failed",
    );
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const users = await h.db.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "attacker@evil.com"));
    expect(users).toHaveLength(0);
    expect((await complete(token, "owner@acme.com")).status).toBe(200);
  });

  it("kills a link after five wrong addresses", async () => {
    const token = tokenOf(await h.requestLink("guess@acme.com"));
    for (let i = 0; i < 5; i++)
      expect((await complete(token, `guess${i}@acme.com`)).status).toBe(400);
    const res = await complete(token, "guess@acme.com");
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_link");
  });

  it("is never consumed by GET or HEAD, and the check does not consume it", async () => {
    const token = tokenOf(await h.requestLink("scanner@acme.com"));
    for (const method of ["GET", "HEAD"]) {
      const res = await h.request(
        `/api/auth/email-link/complete?token=${token}&email=scanner@acme.com`,
        { method },
      );
      expect(res.status).toBe(404);
    }
    const check = await h.request("/api/auth/email-link/check", {
      method: "POST",
      body: { token },
    });
    expect(await check.json()).toEqual({ valid: true });
    expect((await complete(token, "scanner@acme.com")).status).toBe(200);
    const after = await h.request("/api/auth/email-link/check", {
      method: "POST",
      body: { token },
    });
    expect(await after.json()).toEqual({ valid: false });
  });

  it("issues a new session id at every sign-in", async () => {
    const a = await h.signIn("rotate@acme.com");
    const b = await h.signIn("rotate@acme.com");
    expect(a.cookie).not.toBe(b.cookie);
    expect(a.userId).toBe(b.userId);
  });

  it("rejects malformed completion bodies with 400", async () => {
    for (const body of [
      {},
      { token: "short", email: "a@b.co" },
      { token: 5, email: [] },
      "[]",
      "{",
    ]) {
      const res = await h.request("/api/auth/email-link/complete", { method: "POST", body });
      expect(res.status).toBe(400);
    }
  });
});

describe("sessions and CSRF (G4)", () => {
  it("ends the session at sign-out: the old cookie gets 401", async () => {
    const { cookie, userId } = await h.signIn("bye@acme.com");
    expect((await h.request(`/api/users/${userId}`, { cookie })).status).toBe(200);
    const out = await h.request("/api/auth/sign-out", { method: "POST", cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await h.request(`/api/users/${userId}`, { cookie })).status).toBe(401);
    const me = (await (await h.request("/api/me", { cookie })).json()) as {
      user: unknown;
      tier: string;
    };
    expect(me).toMatchObject({ user: null, tier: "anonymous" });
  });

  it("refuses cross-site state-changing requests", async () => {
    const { cookie, userId } = await h.signIn("csrf@acme.com");
    const foreign = await h.request(`/api/users/${userId}`, {
      method: "PATCH",
      cookie,
      body: { name: "Pwned" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const crossSite = await h.request("/api/auth/sign-out", {
      method: "POST",
      cookie,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const same = await h.request(`/api/users/${userId}`, {
      method: "PATCH",
      cookie,
      body: { name: "Fine" },
      headers: { origin: APP_URL, "sec-fetch-site": "same-origin" },
    });
    expect(same.status).toBe(200);
    const profile = (await (await h.request(`/api/users/${userId}`, { cookie })).json()) as {
      name: string;
    };
    expect(profile.name).toBe("Fine");
  });

  it("sets security headers on every response", async () => {
    const res = await h.request("/api/me");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("https deployments", () => {
  it("uses a __Host- Secure cookie when APP_URL is https", async () => {
    const secure = await createHarness({ APP_URL: "https://nexus.example" });
    try {
      const since = Date.now();
      await secure.request("/api/auth/email-link", {
        method: "POST",
        body: { email: "tls@acme.com" },
      });
      const mail = await secure.smtp.waitFor("tls@acme.com", { since });
      const token = /#signin=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? "";
      const res = await secure.request("/api/auth/email-link/complete", {
        method: "POST",
        body: { token, email: "tls@acme.com" },
      });
      const setCookie = res.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(/^__Host-nexus_session=/);
      expect(setCookie).toContain("Secure");
      expect(
        (await secure.request("/api/me", { cookie: cookieOf(res) })).headers.get(
          "strict-transport-security",
        ),
      ).toContain("max-age=");
    } finally {
      await secure.close();
    }
  });
});

describe("flood protection", () => {
  it("rate-limits sign-in link requests per address with 429 and Retry-After", async () => {
    const limited = await createHarness({ SIGNIN_RATE_LIMIT: "3" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.request("/api/auth/email-link", {
          method: "POST",
          body: { email: `flood${i}@acme.com` },
        });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("sends at most three links per address and requester per 10 minutes, then says one was sent", async () => {
    const since = Date.now();
    const statuses: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await h.request("/api/auth/email-link", {
        method: "POST",
        body: { email: "mailbomb@acme.com" },
      });
      expect(res.status).toBe(202);
      statuses.push(((await res.json()) as { status: string }).status);
    }
    expect(statuses).toEqual(["sent", "sent", "sent", "recently_sent", "recently_sent"]);
    await h.smtp.waitFor("mailbomb@acme.com", { since });
    await new Promise((r) => setTimeout(r, 300));
    expect(h.smtp.messages.filter((m) => m.to.includes("mailbomb@acme.com"))).toHaveLength(3);
  });
});
