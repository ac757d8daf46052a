import type { Db } from "@nexus/db";
import { sql } from "drizzle-orm";

/**
 * Every table of the database, in every schema (the app's, pg-boss's and any other), found from
 * information_schema rather than a hand list: the system schemas aside.
 */
export async function everyTable(db: Db): Promise<Array<{ schema: string; table: string }>> {
  const result = await db.execute<{ table_schema: string; table_name: string }>(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE'
          and table_schema not in ('pg_catalog', 'information_schema')
          and table_schema not like 'pg\\_toast%'
        order by table_schema, table_name`,
  );
  return result.rows.map((r) => ({ schema: r.table_schema, table: r.table_name }));
}

/**
 * The tables (schema.table) with rows whose JSON mentions one of `needles` (case-insensitive),
 * with how many; `except` names tables left out of the scan (e.g. leads, which keep an e-mail).
 */
export async function rowsMentioning(
  db: Db,
  needles: readonly string[],
  except: readonly string[] = [],
): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { schema, table } of await everyTable(db)) {
    const name = `${schema}.${table}`;
    if (except.includes(name)) continue;
    for (const needle of needles) {
      const hits = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)} t
            where strpos(lower(row_to_json(t)::text), lower(${needle})) > 0`,
      );
      const n = hits.rows[0]?.n ?? 0;
      if (n > 0) found[name] = (found[name] ?? 0) + n;
    }
  }
  return found;
}
