import type { Db } from "@nexus/db";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

/**
 * Runs one query with planner or extension settings for it alone: one round trip opens a read
 * transaction and sets them (SET LOCAL through set_config), one runs the query; the transaction is
 * rolled back after the rows are handed back, so the settings never reach another query on the
 * pooled connection. Setting names and values are ours (constants and computed integers).
 */
export async function queryWithSettings<T extends Record<string, unknown>>(
  db: Db,
  settings: Readonly<Record<string, string>>,
  query: SQL,
  /** Called once the query itself is on its way to PostgreSQL. */
  onSent?: () => void,
): Promise<{ rows: T[] }> {
  const client = await db.$client.connect();
  try {
    const sets = Object.entries(settings)
      .map(
        ([name, value]) =>
          `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`,
      )
      .join(", ");
    await client.query(`begin; select ${sets}`);
    const { sql: text, params } = dialect.sqlToQuery(query);
    const pending = client.query<T>(text, params);
    onSent?.();
    return await pending;
  } finally {
    client.query("rollback").then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
  }
}
