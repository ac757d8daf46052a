import { customType, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * Random secrets every instance shares and that survive restarts (e.g. the image proxy's signing
 * key). Created once at start-up (insert … on conflict do nothing); never sent to a client.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text().primaryKey(),
  value: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
