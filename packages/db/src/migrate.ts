import { createRequire } from "node:module";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Db } from "./client.ts";

/** Resolved through the package, so it also holds when this code is bundled into the server. */
export const MIGRATIONS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@nexus/db/package.json")),
  "migrations",
);

/** Arbitrary constant: serialises migrations when several instances start against one database. */
const MIGRATION_LOCK_KEY = 7_294_118_833;

/** Applies the committed drizzle-kit migrations; safe to call from many instances at once. */
export async function runMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      // Same connection as the lock, so a pool of one cannot deadlock.
      await migrate(drizzle({ client, casing: "snake_case" }), {
        migrationsFolder: MIGRATIONS_DIR,
      });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Every table of the public schema, from information_schema (used by deletion and backup checks). */
export async function listTables(db: Db): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return result.rows.map((r) => r.table_name);
}
