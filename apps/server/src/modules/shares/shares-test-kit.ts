import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import type { Harness } from "../../../test/harness.ts";

/** Test helpers: saved answers straight into search_history, and counts of stored links. */

const source = (n: number) => ({
  title: `Source ${n}`,
  url: `https://example.com/${n}`,
  domain: "example.com",
  favicon: null,
  snippet: `Snippet ${n}`,
});

export async function saveEntry(
  h: Harness,
  values: {
    id: string;
    userId: string;
    threadId?: string;
    query?: string;
    markdown?: string;
    thinking?: string;
    at?: string;
    focusMode?: string;
    /** Answered by the offline engine (results.offline). */
    offline?: boolean;
  },
) {
  await h.db.db.insert(schema.searchHistory).values({
    id: values.id,
    userId: values.userId,
    threadId: values.threadId ?? values.id,
    query: values.query ?? `Question ${values.id}`,
    focusMode: values.focusMode ?? "web",
    timestamp: new Date(values.at ?? "2026-03-01T10:00:00Z"),
    results: {
      markdown: values.markdown ?? `Answer **${values.id}** with a citation [1].`,
      sources: [source(1), source(2)],
      // As an answer stores a provider's picture: its thumbnail minted as a proxy URL.
      images: [
        {
          url: "https://img.example.com/a.png",
          title: "A",
          thumbnailUrl: h.deps.images.sign("https://img.example.com/a.png"),
        },
      ],
      videos: [],
      thinking: values.thinking ?? "",
      ...(values.offline ? { offline: true, model: "extractive" } : {}),
    },
  });
}

export async function shareCount(h: Harness): Promise<number> {
  const answers = await h.db.db.select().from(schema.shares);
  const threads = await h.db.db.select().from(schema.threadShares);
  return answers.length + threads.length;
}

export async function entriesOfThread(h: Harness, threadId: string) {
  return h.db.db
    .select()
    .from(schema.searchHistory)
    .where(eq(schema.searchHistory.threadId, threadId));
}

export async function share(
  h: Harness,
  cookie: string,
  body: Record<string, unknown>,
): Promise<{ status: number; shareId: string; body: Record<string, unknown> }> {
  const res = await h.request("/api/shares", { method: "POST", cookie, body });
  const json = (await res.json()) as Record<string, unknown>;
  return { status: res.status, shareId: String(json.shareId ?? ""), body: json };
}

/** Status, body text and the G5 headers of a public read. */
export async function read(h: Harness, shareId: string, forwardedFor?: string) {
  const res = await h.request(`/api/shares/${shareId}`, { forwardedFor });
  return {
    status: res.status,
    text: await res.text(),
    cache: res.headers.get("cache-control"),
    referrer: res.headers.get("referrer-policy"),
    robots: res.headers.get("x-robots-tag"),
  };
}
