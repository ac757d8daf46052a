import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractSignInLink } from "../../../../e2e/fakes/smtp-capture.ts";
import { createHarness, type Harness } from "../../test/harness.ts";

const PORT = 4123;
const LOOPBACK = [
  `http://localhost:${PORT}`,
  `http://127.0.0.1:${PORT}`,
  `http://[::1]:${PORT}`,
] as const;

/** A state-changing request a page at `origin` would send (the browser adds both headers). */
const signOutFrom = (h: Harness, origin: string, site = "same-origin") =>
  h.request("/api/auth/sign-out", {
    method: "POST",
    headers: { origin, "sec-fetch-site": site },
  });

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

describe("APP_URL unset: the loopback origins of PORT", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ APP_URL: "", PORT: String(PORT) });
  });
  afterAll(async () => {
    await h.close();
  });

  it.each(LOOPBACK)("accepts a state-changing request from %s", async (origin) => {
    const res = await signOutFrom(h, origin);
    expect(res.status).toBe(204);
  });

  it.each([
    "http://localhost:4124",
    "http://127.0.0.1:5173",
    "https://localhost:4123",
    "http://evil.example",
    "http://nexus.test",
  ])("refuses %s and names the origin it saw and the accepted ones", async (origin) => {
    const res = await signOutFrom(h, origin);
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error.code).toBe("forbidden");
    expect(error.message.startsWith("Cross-site request refused.")).toBe(true);
    expect(error.message).toContain(`came from ${origin}.`);
    expect(error.message).toContain(`http://127.0.0.1:${PORT}`);
    expect(error.message).toContain("APP_URL");
  });

  it("e-mails a sign-in link on the loopback origin the person is using", async () => {
    for (const origin of LOOPBACK) {
      const email = `loop-${LOOPBACK.indexOf(origin)}@acme.com`;
      const since = Date.now();
      const res = await h.request("/api/auth/email-link", {
        method: "POST",
        body: { email },
        headers: { origin, "sec-fetch-site": "same-origin" },
      });
      expect(res.status).toBe(202);
      const link = extractSignInLink(await h.smtp.waitFor(email, { since }));
      expect(link.startsWith(`${origin}/app#signin=`)).toBe(true);
    }
  });

  it("without an Origin header the link opens at the default address, never the Host header's", async () => {
    const since = Date.now();
    const res = await h.app.request("http://evil.example/api/auth/email-link", {
      method: "POST",
      headers: { "content-type": "application/json", host: "evil.example" },
      body: JSON.stringify({ email: "no-origin@acme.com" }),
    });
    expect(res.status).toBe(202);
    const link = extractSignInLink(await h.smtp.waitFor("no-origin@acme.com", { since }));
    expect(link.startsWith(`http://localhost:${PORT}/app#signin=`)).toBe(true);
  });
});

describe("APP_URL set: that origin only", () => {
  const APP = "https://nexus.example.org";
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ APP_URL: APP, PORT: String(PORT) });
  });
  afterAll(async () => {
    await h.close();
  });

  it("accepts APP_URL's origin", async () => {
    expect((await signOutFrom(h, APP)).status).toBe(204);
  });

  it.each([...LOOPBACK, "http://nexus.example.org"])(
    "refuses %s with a message naming APP_URL and that origin",
    async (origin) => {
      const res = await signOutFrom(h, origin);
      expect(res.status).toBe(403);
      const error = await errorOf(res);
      expect(error.message).toBe(
        `Cross-site request refused. This server accepts requests from APP_URL (${APP}), ` +
          `but this one came from ${origin}. Open Nexus at ${APP}, or set APP_URL to the address you use.`,
      );
    },
  );

  it("e-mails the link at APP_URL whatever origin the request names", async () => {
    const since = Date.now();
    const res = await h.request("/api/auth/email-link", {
      method: "POST",
      body: { email: "set@acme.com" },
      headers: { origin: APP, "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(202);
    const link = extractSignInLink(await h.smtp.waitFor("set@acme.com", { since }));
    expect(link.startsWith(`${APP}/app#signin=`)).toBe(true);
  });
});
