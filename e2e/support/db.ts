import crypto from "node:crypto";
import { runningEmbeddedUrl } from "@nexus/db";
import type { BrowserContext } from "@playwright/test";
import pg from "pg";
import { SUPER_ADMIN_EMAIL } from "./env.ts";

/**
 * A client of the E2E server's own embedded PostgreSQL, for seeding state no UI creates yet
 * (usage counters before the answer engine exists).
 */
export async function withServerDatabase<T>(
  run: (client: pg.Client) => Promise<T>,
  /** Another server's data directory (the model server's); the main E2E server's by default. */
  dataDir: string | undefined = process.env.E2E_DATA_DIR,
): Promise<T> {
  const url = dataDir ? runningEmbeddedUrl(dataDir) : null;
  if (!url) throw new Error("the E2E server's embedded PostgreSQL is not running");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Sets a signed-in user's counters for the given period (YYYY-MM). */
export async function seedUsage(options: {
  userId: string;
  period: string;
  search: number;
  addFiles: number;
  agentUsage: number;
  /** The server's data directory; the main E2E server's by default. */
  dataDir?: string;
}): Promise<void> {
  await withServerDatabase(async (client) => {
    await client.query(
      `insert into usage_records (subject_id, user_id, is_anonymous) values ($1::text, $1::uuid, false)
       on conflict (subject_id) do nothing`,
      [options.userId],
    );
    await client.query(
      `insert into usage_counters (subject_id, period, search, add_files, agent_usage)
       values ($1, $2, $3, $4, $5)
       on conflict (subject_id, period)
       do update set search = $3, add_files = $4, agent_usage = $5, last_updated = now()`,
      [options.userId, options.period, options.search, options.addFiles, options.agentUsage],
    );
  }, options.dataDir);
}

/** Sets an anonymous browser's search counter (its anonymous id) for the given day (YYYY-MM-DD). */
export async function seedAnonymousSearches(options: {
  anonId: string;
  period: string;
  search: number;
  dataDir?: string;
}): Promise<void> {
  await withServerDatabase(async (client) => {
    await client.query(
      `insert into usage_records (subject_id, user_id, is_anonymous) values ($1, null, true)
       on conflict (subject_id) do nothing`,
      [options.anonId],
    );
    await client.query(
      `insert into usage_counters (subject_id, period, search) values ($1, $2, $3)
       on conflict (subject_id, period) do update set search = $3, last_updated = now()`,
      [options.anonId, options.period, options.search],
    );
  }, options.dataDir);
}

/**
 * Signs a context in as the super-admin with a session written straight into the server's
 * database. Not through an e-mail link: the server sends at most 3 links per address in 10 minutes
 * and each new link replaces the last, so two workers signing in as the super-admin at once race
 * (seen in CI: one worker's link replaced by the other's, then refused with 400).
 */
export async function signInAsSuperAdmin(context: BrowserContext, baseURL: string): Promise<void> {
  const token = crypto.randomBytes(32).toString("base64url");
  const idHash = crypto.createHash("sha256").update(token).digest("base64url");
  await withServerDatabase(async (client) => {
    await client.query(
      "insert into users (email, name) values ($1, 'Admin') on conflict (email) do nothing",
      [SUPER_ADMIN_EMAIL],
    );
    const { rows } = await client.query<{ id: string }>("select id from users where email = $1", [
      SUPER_ADMIN_EMAIL,
    ]);
    await client.query(
      "insert into sessions (id_hash, user_id, expires_at) values ($1, $2, now() + interval '1 hour')",
      [idHash, rows[0]?.id],
    );
  });
  await context.addCookies([{ name: "nexus_session", value: token, url: baseURL }]);
}
