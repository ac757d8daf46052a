import {
  type AnswerImage,
  type AnswerSource,
  type AnswerVideo,
  answerImageSchema,
  answerSourceSchema,
  answerVideoSchema,
  type FocusMode,
  focusModeSchema,
  type SharedAgent,
  type SharedThreadMessage,
} from "@nexus/contracts";
import type { schema } from "@nexus/db";
import type { z } from "zod";
import { markdownExcerpt, truncateText } from "../../lib/markdown-excerpt.ts";

type HistoryRow = typeof schema.searchHistory.$inferSelect;

/** Meta description length on the share page. */
export const DESCRIPTION_CHARS = 160;
/** Longest title kept for a link (the query can be 4,000 characters). */
export const TITLE_CHARS = 200;

/** The items of `value` that are valid for `item` (stored JSON is never trusted blindly). */
export function listOf<T>(item: z.ZodType<T>, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const parsed = item.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}

export function focusModeOf(value: unknown): FocusMode {
  const parsed = focusModeSchema.safeParse(value);
  return parsed.success ? parsed.data : "web";
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export interface EntryContent {
  query: string;
  content: string;
  thinkingContent: string;
  sources: AnswerSource[];
  images: AnswerImage[];
  videos: AnswerVideo[];
  focusMode: FocusMode;
  offline: boolean;
  timestamp: Date;
  /** An agent reply's UI-message parts (undefined for answers). */
  parts?: Array<{ type: string } & Record<string, unknown>>;
}

/**
 * What a history entry holds, read defensively (results is JSON); `text`: how its kind shares the
 * reply's text (a document chat's `[n: "quote"]` markers read as `[n]`: the quotes travel in its
 * parts).
 */
export function entryContent(
  row: HistoryRow,
  text: (markdown: string) => string = (markdown) => markdown,
): EntryContent {
  const results = row.results;
  return {
    query: row.query,
    content: text(stringOf(results.markdown)),
    thinkingContent: stringOf(results.thinking),
    sources: listOf(answerSourceSchema, results.sources),
    images: listOf(answerImageSchema, results.images),
    videos: listOf(answerVideoSchema, results.videos),
    focusMode: focusModeOf(row.focusMode),
    offline: results.offline === true,
    timestamp: row.timestamp,
  };
}

export function titleOf(query: string): string {
  return truncateText(query.replace(/\s+/g, " ").trim(), TITLE_CHARS);
}

export function descriptionOf(markdown: string): string {
  return markdownExcerpt(markdown, DESCRIPTION_CHARS);
}

/** The thread JSON stored in thread_shares.thread (the share's id and time are added on read). */
export interface StoredThread {
  title: string;
  focusMode: FocusMode;
  messages: SharedThreadMessage[];
  firstTimestamp: string;
  latestTimestamp: string;
  /** A conversation with an agent: which (snapshots before agents had none). */
  agent?: SharedAgent;
}

/** A stored thread's messages; snapshots from before `offline` existed read as not offline. */
export function storedMessages(stored: StoredThread): SharedThreadMessage[] {
  return stored.messages.map((m) => ({ ...m, offline: m.offline === true }));
}

/** A thread snapshot from its answered entries (oldest first, non-empty). */
export function threadSnapshot(
  entries: readonly [EntryContent, ...EntryContent[]],
  agent?: SharedAgent,
): StoredThread {
  const first = entries[0];
  const latest = entries[entries.length - 1] ?? first;
  return {
    ...(agent ? { agent } : {}),
    title: titleOf(first.query),
    focusMode: first.focusMode,
    messages: entries.map((e) => ({
      query: e.query,
      content: e.content,
      thinkingContent: e.thinkingContent,
      sources: e.sources,
      images: e.images,
      videos: e.videos,
      offline: e.offline,
      timestamp: e.timestamp.toISOString(),
      ...(e.parts ? { parts: e.parts } : {}),
    })),
    firstTimestamp: first.timestamp.toISOString(),
    latestTimestamp: latest.timestamp.toISOString(),
  };
}
