import type { Db } from "@nexus/db";
import { getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** A table's rows of one person, as their account export carries them (secrets left out). */
export interface AccountTable {
  table: string;
  rows: Record<string, unknown>[];
}

/**
 * A table whose rows of the person are derived from what the export already carries (the text
 * index of their files, a run's live progress, pages a research read): counted, with why.
 */
export interface AccountDerived {
  table: string;
  count: number;
  why: string;
}

/** What one module holds of a person: its tables' rows, and its derived tables counted. */
export interface AccountData {
  tables: AccountTable[];
  derived?: AccountDerived[];
}

/**
 * The rows of `table` matching `where`, every column but `omit` (hashes of secrets, search
 * vectors), with their database names (as in the schema, so the export reads like the data).
 */
export async function tableRows(
  db: Db,
  table: PgTable,
  where: SQL,
  omit: readonly string[] = [],
): Promise<AccountTable> {
  const rows = (await db.select().from(table).where(where)) as Record<string, unknown>[];
  const drop = new Set(omit);
  return {
    table: getTableName(table),
    rows: rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !drop.has(k)))),
  };
}

/** How many rows of `table` match `where`, and why they are not carried. */
export async function derivedCount(
  db: Db,
  table: PgTable,
  where: SQL,
  why: string,
): Promise<AccountDerived> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return { table: getTableName(table), count: row?.n ?? 0, why };
}
