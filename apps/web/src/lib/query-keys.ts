import type { QueryClient } from "@tanstack/react-query";

/**
 * The query keys that more than one feature reads or invalidates, in one place (no literal keys
 * scattered over features): deleting a thread drops its thread, library and share queries, a
 * finished agent reply refreshes the history lists the sidebar shows, and so on. Keys read by one
 * feature only stay with it (adminKeys, agentKeys, feedbackKeys).
 */
export const historyKeys = {
  all: ["history"] as const,
  lists: () => [...historyKeys.all, "list"] as const,
  /** One search of the list, all kinds or one (answer, agent). */
  list: (q: string, kind?: string) =>
    kind ? ([...historyKeys.lists(), q, kind] as const) : ([...historyKeys.lists(), q] as const),
};

/** GET /api/custom-agents (the custom agents hub, and Settings' list of share links). */
export const customAgentKeys = {
  all: ["custom-agents"] as const,
  list: () => [...customAgentKeys.all, "list"] as const,
};

/** GET /api/threads/:threadId (the answer page, refreshed when an entry or thread is deleted). */
export const threadKeys = {
  all: ["threads"] as const,
  one: (threadId: string) => [...threadKeys.all, threadId] as const,
  /** The title the header shows and renames. */
  title: (threadId: string) => ["thread-title", threadId] as const,
};

/** The research area's (a research thread deleted from History leaves its results list too). */
export const researchKeys = {
  all: ["research"] as const,
  lists: () => [...researchKeys.all, "list"] as const,
  list: (q: string) => [...researchKeys.lists(), q] as const,
  one: (threadId: string) => [...researchKeys.all, "one", threadId] as const,
};

/** Structured extraction: the caller's extractions and one with its rows. */
export const extractionKeys = {
  all: ["extraction"] as const,
  list: () => [...extractionKeys.all, "list"] as const,
  one: (id: string) => [...extractionKeys.all, "one", id] as const,
};

export const libraryKeys = {
  all: ["library"] as const,
  lists: () => [...libraryKeys.all, "list"] as const,
  list: (q: string) => [...libraryKeys.lists(), q] as const,
  /** The bookmark state of a thread's answers (from GET /api/threads/:threadId). */
  thread: (threadId: string) => [...libraryKeys.all, "thread", threadId] as const,
};

/**
 * A thread this page has just started: its title is its first question and nothing in it is
 * bookmarked, so the header and the reply's actions know both without asking the server — which
 * may not have saved the first turn yet (a stopped first reply is saved after the stream ends;
 * asking before gave 404s).
 */
export function seedNewThread(
  queryClient: QueryClient,
  threadId: string,
  firstQuery: string,
): void {
  const seed = (key: readonly unknown[], value: unknown) => {
    if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, value);
  };
  seed(libraryKeys.thread(threadId), {});
  seed(threadKeys.title(threadId), { threadId, title: firstQuery, renamed: false });
}

export const shareKeys = {
  all: ["shares"] as const,
  mine: () => [...shareKeys.all, "mine"] as const,
  public: (shareId: string) => [...shareKeys.all, "public", shareId] as const,
};

export const filesKeys = {
  all: ["files"] as const,
  lists: () => [...filesKeys.all, "list"] as const,
  list: (q: string) => [...filesKeys.lists(), q] as const,
  /** Which of these file ids no longer exist (cited files that were deleted). */
  missing: (ids: readonly string[]) => [...filesKeys.all, "missing", ...ids] as const,
};

export const usageKeys = { all: ["usage"] as const, limits: ["usage", "limits"] as const };

export const discoverKeys = {
  all: ["discover"] as const,
  topic: (topic: string) => [...discoverKeys.all, topic] as const,
};

/** GET /api/me: the session (signed in or not, tier, theme). */
export const meQueryKey = ["me"] as const;
