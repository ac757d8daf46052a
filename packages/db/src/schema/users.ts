import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull().unique(),
    name: text().notNull(),
    photoUrl: text(),
    orgName: text(),
    orgId: text().notNull().default(""),
    tier: text({ enum: ["free", "pro"] })
      .notNull()
      .default("free"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_tier_check", sql`${t.tier} in ('free', 'pro')`),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

/**
 * A person's own settings for their chats (modules/users writes them): instructions about
 * themselves and how to answer (added to every chat's system message, framed), and the answer
 * language ("auto": the question's), and the interface language (null: the browser's). No row: none
 * given, Auto, the browser's.
 */
export const userSettings = pgTable(
  "user_settings",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    instructions: text().notNull().default(""),
    answerLanguage: text().notNull().default("auto"),
    /** The interface language chosen for the account; null: the browser's. */
    uiLanguage: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "user_settings_answer_language_check",
      sql`${t.answerLanguage} in ('auto', 'en', 'de', 'fr', 'es', 'ja', 'ar')`,
    ),
    check(
      "user_settings_ui_language_check",
      sql`${t.uiLanguage} is null or ${t.uiLanguage} in ('en', 'de', 'fr', 'es', 'ja', 'ar')`,
    ),
    check("user_settings_instructions_length_check", sql`char_length(${t.instructions}) <= 1500`),
  ],
);

/** Server-side sessions; only the SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

/** E-mail sign-in links; only the SHA-256 of the token is stored. Bound to the e-mail. */
export const signInTokens = pgTable(
  "sign_in_tokens",
  {
    tokenHash: text().primaryKey(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    failedAttempts: integer().notNull().default(0),
  },
  (t) => [
    index("sign_in_tokens_email_idx").on(t.email),
    index("sign_in_tokens_expires_at_idx").on(t.expiresAt),
  ],
);
