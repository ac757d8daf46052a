import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { files } from "./files.ts";
import { users } from "./users.ts";

/** A person's own agent (spec §2 agents/custom): private unless shared by its link. */
export const customAgents = pgTable(
  "custom_agents",
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    emoji: text().notNull(),
    color: text().notNull(),
    description: text().notNull().default(""),
    instructions: text().notNull(),
    starters: jsonb().$type<string[]>().notNull().default([]),
    tools: jsonb().$type<string[]>().notNull().default([]),
    model: text({ enum: ["default", "reasoning"] })
      .notNull()
      .default("default"),
    /** The share link's secret; null: not shared (revoking clears it and every grant). */
    shareToken: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("custom_agents_owner_idx").on(t.ownerId, t.updatedAt.desc())],
);

/** People who opened a custom agent's share link: they may use it (not change it). */
export const customAgentGrants = pgTable(
  "custom_agent_grants",
  {
    agentId: uuid()
      .notNull()
      .references(() => customAgents.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.userId] }),
    index("custom_agent_grants_user_idx").on(t.userId),
  ],
);

/** Most knowledge files one custom agent holds. */
export const MAX_CUSTOM_AGENT_FILES = 20;

/**
 * A custom agent's knowledge: files of its owner that its search-files tool searches (at most
 * MAX_CUSTOM_AGENT_FILES, checked by the service). Deleting the file or the agent drops the link.
 */
export const customAgentFiles = pgTable(
  "custom_agent_files",
  {
    agentId: uuid()
      .notNull()
      .references(() => customAgents.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.fileId] }),
    index("custom_agent_files_file_idx").on(t.fileId),
  ],
);
