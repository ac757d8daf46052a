import type { ThreadSummary } from "@nexus/contracts";
import type { ThreadInProgress } from "../../ai/chat/kind-declaration.ts";
import { type PresentedKind, presentKinds } from "../../ai/chat/kind-presenter.ts";
import type { Deps, SessionUser } from "../../deps.ts";

type Listed = ThreadInProgress & { kind: string };

/**
 * The first page of History (and Recent) with the threads whose work is going on or failed, as
 * their kinds list them (KindDeclaration.inProgress; ARCHITECTURE.md §3.1 — no kind is known
 * here): a listed thread gets its state; one with no saved turn yet (a research still running) is
 * listed from its start, by its latest activity among the page's others (one older than the
 * page's last is left to its own turn's listing). Pinned threads stay first.
 */
export async function withThreadsInProgress(options: {
  deps: Pick<Deps, "db" | "chatKinds">;
  user: SessionUser;
  threads: readonly ThreadSummary[];
  /** The page has more after it: a thread older than its last is not listed here. */
  more: boolean;
  /** Only these kinds (a history filter); absent: all. */
  kinds: readonly string[] | undefined;
}): Promise<ThreadSummary[]> {
  const { deps, user, threads } = options;
  const declarations = [...deps.chatKinds.values()].filter(
    (kind) => kind.inProgress && (!options.kinds || options.kinds.includes(kind.kind)),
  );
  if (declarations.length === 0) return [...threads];
  const listed: Listed[] = (
    await Promise.all(
      declarations.map(async (kind) =>
        ((await kind.inProgress?.(deps, user)) ?? []).map((t) => ({ ...t, kind: kind.kind })),
      ),
    )
  ).flat();
  if (listed.length === 0) return [...threads];
  const byThread = new Map(listed.map((t) => [t.threadId, t]));
  const shown = threads.map((t) => {
    const state = byThread.get(t.threadId)?.state;
    return state ? { ...t, state } : t;
  });
  const known = new Set(threads.map((t) => t.threadId));
  const unpinned = shown.filter((t) => !t.pinned);
  const oldest = unpinned.at(-1)?.latestTimestamp;
  const missing = listed.filter(
    (t) =>
      !known.has(t.threadId) &&
      !(options.more && oldest !== undefined && Date.parse(t.latestAt) < Date.parse(oldest)),
  );
  if (missing.length === 0) return shown;
  const kinds = await presentKinds(
    deps,
    user,
    missing.map((t) => ({
      kind: t.kind,
      threadId: t.threadId,
      subjectId: t.subjectId,
      firstQuery: t.title,
    })),
  );
  const added = missing.map((t, i): ThreadSummary => {
    const { legacy, ...presentation } = kinds[i] as PresentedKind;
    return {
      threadId: t.threadId,
      title: t.title,
      firstQuery: t.title,
      firstTimestamp: t.startedAt,
      latestTimestamp: t.latestAt,
      focusMode: "web",
      messageCount: 0,
      preview: "",
      ...presentation,
      ...legacy,
      agentName: null,
      pinned: false,
      state: t.state,
    };
  });
  const byTime = [...unpinned, ...added].sort(
    (a, b) => Date.parse(b.latestTimestamp) - Date.parse(a.latestTimestamp),
  );
  return [...shown.filter((t) => t.pinned), ...byTime];
}
