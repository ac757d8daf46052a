import { schema } from "@nexus/db";
import { sql } from "drizzle-orm";
import type { Harness } from "../../../test/harness.ts";

let seq = 0;

export interface SeedEntry {
  userId: string;
  threadId: string;
  id?: string;
  timestamp: Date;
  query?: string;
  /** results.markdown; "" stores an entry without one (ignored by the lists). */
  markdown?: string;
  focusMode?: string;
  isBookmarked?: boolean;
  sources?: unknown[];
  /** An agent's reply (kind "agent", its agent's id as subject). */
  agentId?: string;
}

/** Writes entries the way the answer module does (one row per answered turn). */
export async function seedEntries(h: Harness, entries: SeedEntry[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const rows = entries.map((e) => {
    seq += 1;
    const id = e.id ?? `e${String(seq).padStart(6, "0")}x${Math.random().toString(36).slice(2, 8)}`;
    const markdown = e.markdown ?? `Answer ${seq}`;
    return {
      id,
      userId: e.userId,
      threadId: e.threadId,
      timestamp: e.timestamp,
      query: e.query ?? `Question ${seq}`,
      focusMode: e.focusMode ?? "web",
      isBookmarked: e.isBookmarked ?? false,
      ...(e.agentId ? { kind: "agent" as const, subjectId: e.agentId } : {}),
      results:
        markdown === ""
          ? {}
          : { markdown, sources: e.sources ?? [], images: [], videos: [], thinking: "" },
    };
  });
  await h.db.db.insert(schema.searchHistory).values(rows);
  return rows.map((r) => r.id);
}

export async function entryCount(h: Harness, userId: string): Promise<number> {
  const { rows } = await h.db.db.execute<{ n: number }>(
    sql`select count(*)::int as n from search_history where user_id = ${userId}`,
  );
  return rows[0]?.n ?? 0;
}

export async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Every page of GET `path` (history or library), following nextCursor. */
export async function allPages<T>(
  h: Harness,
  options: { path: string; cookie: string; key: "threads" | "items"; q?: string },
): Promise<{ pages: T[][] }> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams();
    if (cursor) params.set("cursor", cursor);
    if (options.q !== undefined) params.set("q", options.q);
    const res = await h.request(`${options.path}?${params}`, { cookie: options.cookie });
    if (res.status !== 200) throw new Error(`${options.path} answered ${res.status}`);
    const body = (await res.json()) as Record<string, unknown> & { nextCursor: string | null };
    pages.push(body[options.key] as T[]);
    cursor = body.nextCursor;
  } while (cursor !== null && pages.length < 1000);
  return { pages };
}
