import {
  HISTORY_PAGE_SIZE,
  type HistoryFilter,
  type HistoryPage,
  PINNED_THREADS_MAX,
  type ThreadSummary,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { keysetPage } from "../../lib/keyset-page.ts";
import { decodeHistoryCursor, encodeHistoryCursor } from "./history.cursor.ts";
import { withThreadsInProgress } from "./history.in-progress.ts";
import { kindsUnder, presentThreads } from "./history.presenter.ts";
import * as repo from "./history.repo.ts";
import { searchOf } from "./history.search-text.ts";

/** How many of the newest entries a search looks at to choose its strategy. */
const STRATEGY_SAMPLE = 1000;
/**
 * From this share of matches among the newest entries, walking the threads in order and checking
 * each for a match fills a page sooner than collecting every match (bench/history-pages.ts).
 */
const THREADS_FIRST_MIN_SHARE = 0.02;

async function searchStrategy(
  deps: Pick<Deps, "db">,
  userId: string,
  tsQuery: string,
): Promise<repo.SearchStrategy> {
  const { sampled, matched } = await repo.sampleMatches(deps.db, {
    userId,
    tsQuery,
    sample: STRATEGY_SAMPLE,
  });
  return sampled > 0 && matched >= sampled * THREADS_FIRST_MIN_SHARE ? "threads" : "matches";
}

/**
 * A page of the user's threads by latest activity. Page 1 fixes a snapshot (the user's newest
 * entry); the cursor carries it, so entries and threads added while paging never make a thread
 * appear twice or be skipped. They show when the list is loaded again from page 1.
 */
export async function historyPage(options: {
  deps: Pick<Deps, "db" | "chatKinds">;
  user: SessionUser;
  cursor?: string;
  q?: string;
  /** Only the kinds listed under this history filter (their declarations say which). */
  kind?: HistoryFilter | undefined;
  /** How to run a search; by default chosen from how many entries match (tests force each). */
  strategy?: repo.SearchStrategy;
}): Promise<HistoryPage> {
  const { deps, user } = options;
  const decoded = options.cursor ? decodeHistoryCursor(options.cursor) : null;
  const search = searchOf(options.q);
  if (search === null) return { threads: [], nextCursor: null };
  const kinds = options.kind ? kindsUnder(deps.chatKinds, options.kind) : undefined;
  // The pages of the whole list also show the threads whose work goes on or failed (their
  // kinds'), each in the page its latest activity falls in.
  const inProgress = (threads: ThreadSummary[], more: boolean) =>
    search !== undefined
      ? threads
      : withThreadsInProgress({ deps, user, threads, more, kinds, after: decoded?.after.ts });
  const snapshot = decoded?.snapshot ?? (await repo.newestPosition(deps.db, user.id));
  if (!snapshot) return { threads: await inProgress([], false), nextCursor: null };
  const strategy =
    search === undefined
      ? "matches"
      : (options.strategy ?? (await searchStrategy(deps, user.id, search)));
  const query = {
    userId: user.id,
    snapshot,
    search: search === undefined ? null : { tsQuery: search, strategy },
    kinds,
  };
  // Page 1 starts with the pinned threads (as filtered); the pages list the others.
  const [pinned, rows] = await Promise.all([
    decoded
      ? []
      : repo.threadPage(deps.db, {
          ...query,
          after: null,
          pinned: "only",
          limit: PINNED_THREADS_MAX,
        }),
    repo.threadPage(deps.db, {
      ...query,
      after: decoded?.after ?? null,
      pinned: "exclude",
      limit: HISTORY_PAGE_SIZE + 1,
    }),
  ]);
  const { page, nextCursor } = keysetPage(rows, HISTORY_PAGE_SIZE, (last) =>
    encodeHistoryCursor({ snapshot, after: { ts: last.pos, id: last.id } }),
  );
  const threads = (await presentThreads(deps, user, [...pinned, ...page])).map((thread, i) =>
    i < pinned.length ? { ...thread, pinned: true } : thread,
  );
  return { threads: await inProgress(threads, nextCursor !== null), nextCursor };
}
