import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export function createDatabase(options: {
  url: string;
  max?: number;
  /** How long a query waits for a free connection of the pool (default 10 s). */
  connectionTimeoutMillis?: number;
}): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  const db = drizzle({ client: pool, schema, casing: "snake_case" });
  let closed = false;
  return {
    db,
    pool,
    close: async () => {
      if (closed || pool.ended) return;
      closed = true;
      await pool.end();
    },
  };
}
