import { type Db, schema } from "@nexus/db";
import { eq, sql } from "drizzle-orm";

/** A person's own settings for their chats (table user_settings: this module writes it). */
const { userSettings } = schema;
export type SettingsRow = typeof userSettings.$inferSelect;

export async function findSettings(db: Db, userId: string): Promise<SettingsRow | undefined> {
  const rows = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  return rows[0];
}

/** Writes the given fields (the others kept, or their defaults for a first row). */
export async function upsertSettings(
  db: Db,
  options: {
    userId: string;
    patch: { instructions?: string; answerLanguage?: string; uiLanguage?: string | null };
    now: Date;
  },
): Promise<SettingsRow> {
  const { userId, patch, now } = options;
  const rows = await db
    .insert(userSettings)
    .values({ userId, ...patch, updatedAt: now })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        ...(patch.instructions !== undefined ? { instructions: sql`excluded.instructions` } : {}),
        ...(patch.answerLanguage !== undefined
          ? { answerLanguage: sql`excluded.answer_language` }
          : {}),
        ...(patch.uiLanguage !== undefined ? { uiLanguage: sql`excluded.ui_language` } : {}),
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error("upsert returned no row");
  return row;
}
