import { randomBytes } from "node:crypto";
import { createDatabase, type Database } from "@nexus/db";
import pg from "pg";
import { inject } from "vitest";

const TEMPLATE_DB = "nexus_test_template";

export interface TestDatabase extends Database {
  url: string;
  name: string;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh, migrated database for one test file (cloned from the migrated template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject("pgAdminUrl");
  const name = `nexus_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = createDatabase({ url, max: 20 });
  return {
    ...database,
    url,
    name,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
