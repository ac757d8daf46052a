import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    SUPER_ADMIN_IDS: "root@nexus.test, 11111111-1111-4111-8111-111111111111",
  });
});
afterAll(async () => {
  await h.close();
});

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function runAdminCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/admin.ts", ...args], {
      cwd: serverRoot,
      env: { ...process.env, ...env },
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("admin API", () => {
  it("is invisible (404) to anonymous callers and ordinary users", async () => {
    const user = await h.signIn("plain@acme.com");
    for (const cookie of [undefined, user.cookie]) {
      expect((await h.request("/api/admin/users", { cookie })).status).toBe(404);
      const res = await h.request(`/api/admin/users/${user.userId}/tier`, {
        method: "PUT",
        cookie,
        body: { tier: "pro" },
      });
      expect(res.status).toBe(404);
    }
    const me = (await (await h.request("/api/me", { cookie: user.cookie })).json()) as {
      tier: string;
      isSuperAdmin: boolean;
    };
    expect(me).toMatchObject({ tier: "free", isSuperAdmin: false });
  });

  it("lets a super-admin named by e-mail list users and grant pro", async () => {
    const admin = await h.signIn("root@nexus.test");
    const target = await h.signIn("customer@initech.com");
    const me = (await (await h.request("/api/me", { cookie: admin.cookie })).json()) as {
      isSuperAdmin: boolean;
    };
    expect(me.isSuperAdmin).toBe(true);
    const list = (await (
      await h.request("/api/admin/users?q=initech", { cookie: admin.cookie })
    ).json()) as {
      users: Array<{ email: string }>;
    };
    expect(list.users.map((u) => u.email)).toEqual(["customer@initech.com"]);
    const res = await h.request(`/api/admin/users/${target.userId}/tier`, {
      method: "PUT",
      cookie: admin.cookie,
      body: { tier: "pro" },
    });
    expect(res.status).toBe(200);
    const after = (await (await h.request("/api/me", { cookie: target.cookie })).json()) as {
      tier: string;
    };
    expect(after.tier).toBe("pro");
    const usage = (await (await h.request("/api/usage", { cookie: target.cookie })).json()) as {
      counters: { search: { limit: number } };
    };
    expect(usage.counters.search.limit).toBe(30000);
    for (const body of [{ tier: "anonymous" }, { tier: "gold" }, {}]) {
      expect(
        (
          await h.request(`/api/admin/users/${target.userId}/tier`, {
            method: "PUT",
            cookie: admin.cookie,
            body,
          })
        ).status,
      ).toBe(400);
    }
    const missing = await h.request("/api/admin/users/00000000-0000-4000-8000-000000000000/tier", {
      method: "PUT",
      cookie: admin.cookie,
      body: { tier: "pro" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("npm run admin -- set-tier", () => {
  it("sets a user's tier by e-mail against DATABASE_URL", async () => {
    const target = await h.signIn("cli-target@acme.com");
    const env = { DATABASE_URL: h.db.url, LOG_LEVEL: "silent" };
    const ok = await runAdminCli(["set-tier", "CLI-Target@acme.com", "pro"], env);
    expect(ok.out).toContain("cli-target@acme.com is now on the pro tier.");
    expect(ok.code).toBe(0);
    const me = (await (await h.request("/api/me", { cookie: target.cookie })).json()) as {
      tier: string;
    };
    expect(me.tier).toBe("pro");
    const unknown = await runAdminCli(["set-tier", "ghost@acme.com", "pro"], env);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain("No account for ghost@acme.com");
    const badTier = await runAdminCli(["set-tier", "cli-target@acme.com", "platinum"], env);
    expect(badTier.code).toBe(2);
  });
});
