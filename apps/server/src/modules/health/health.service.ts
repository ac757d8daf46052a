import fs from "node:fs";
import path from "node:path";
import { type Db, MIGRATIONS_DIR } from "@nexus/db";
import type { Deps } from "../../deps.ts";

/** Why an instance is not ready (the /ready body's `reason`), or null when it is. */
export type NotReady = "draining" | "database_unreachable" | "migrations_pending";

/** A readiness probe waits this long for PostgreSQL (balancers' own checks time out soon after). */
export const READY_DATABASE_TIMEOUT_MS = 2_000;

let newestMigration: number | null = null;

/** The `when` of the newest committed migration (drizzle-kit's journal), read once. */
function newestMigrationMillis(): number {
  if (newestMigration === null) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8"),
    ) as { entries: { when: number }[] };
    newestMigration = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

/** The newest migration applied to the database (drizzle's own table; 0 when none is). */
async function appliedMigrationMillis(db: Db): Promise<number> {
  const { rows } = await db.$client.query<{ newest: string | null }>(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then null
            else (select max(created_at)::text from drizzle.__drizzle_migrations) end as newest`,
  );
  return Number(rows[0]?.newest ?? 0);
}

/**
 * Whether this instance should get traffic: not draining (SIGTERM), PostgreSQL answers within
 * READY_DATABASE_TIMEOUT_MS, and every committed migration is applied.
 */
export async function readiness(deps: Deps): Promise<NotReady | null> {
  if (deps.lifecycle.draining) return "draining";
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), READY_DATABASE_TIMEOUT_MS);
  });
  try {
    const applied = await Promise.race([appliedMigrationMillis(deps.db), timeout]);
    if (applied === "timeout") return "database_unreachable";
    if (applied < newestMigrationMillis()) return "migrations_pending";
    return deps.lifecycle.draining ? "draining" : null;
  } catch {
    return "database_unreachable";
  } finally {
    clearTimeout(timer);
  }
}
