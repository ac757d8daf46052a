import { createDatabase, freePort } from "@nexus/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { createApp } from "../../app.ts";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

async function ready(path = "/ready") {
  const res = await h.request(path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("/health and /ready", () => {
  it("are 200 on a migrated, reachable database (also under /api)", async () => {
    expect((await h.request("/health")).status).toBe(200);
    expect((await h.request("/api/health")).status).toBe(200);
    expect(await ready()).toEqual({ status: 200, body: { ready: true } });
    expect((await ready("/api/ready")).status).toBe(200);
  });

  it("/ready is 503 while draining; /health stays 200", async () => {
    h.deps.lifecycle.draining = true;
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body).toMatchObject({ ready: false, reason: "draining" });
      expect((await h.request("/health")).status).toBe(200);
    } finally {
      h.deps.lifecycle.draining = false;
    }
  });

  it("/ready is 503 while a committed migration is not applied", async () => {
    const { rows } = await h.db.db.execute<{ newest: string }>(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    const newest = rows[0]?.newest ?? "0";
    await h.db.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}::bigint`,
    );
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body).toMatchObject({ ready: false, reason: "migrations_pending" });
    } finally {
      await h.db.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${newest}::bigint where created_at = ${newest}::bigint - 1`,
      );
    }
    expect((await ready()).status).toBe(200);
  });

  it("/ready is 503 when the database does not answer", async () => {
    const down = createDatabase({ url: `postgres://nexus@127.0.0.1:${await freePort()}/nexus` });
    try {
      const app = createApp({ ...h.deps, db: down.db });
      const res = await app.request("http://nexus.test/ready");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ready: false, reason: "database_unreachable" });
      expect((await app.request("http://nexus.test/health")).status).toBe(200);
    } finally {
      await down.close();
    }
  });
});
