import type { ThreadSummary } from "@nexus/contracts";
import type { ThreadInProgress } from "../../ai/chat/kind-declaration.ts";
import { type PresentedKind, presentKinds } from "../../ai/chat/kind-presenter.ts";
import type { Deps, SessionUser } from "../../deps.ts";

type Listed = ThreadInProgress & { kind: string };

/** An ISO time (a cursor's has microseconds) in milliseconds: every bound compares alike. */
const millis = (iso: string) => Date.parse(iso.replace(/(\.\d{3})\d+Z$/, "$1Z"));

/**
 * A page of History (and Recent, its first) with the threads whose work is going on or failed, as
 * their kinds list them (KindDeclaration.inProgress; ARCHITECTURE.md §3.1 — no kind is known
 * here): a listed thread gets its state; one with no saved turn yet (a research still running) is
 * slotted in by its latest activity into the page whose span holds it — newer than the page's
 * last (unless it is the last page) and not newer than the page before's last (`after`, which
 * that page took). Pinned threads stay first.
 */
export async function withThreadsInProgress(options: {
  deps: Pick<Deps, "db" | "chatKinds">;
  user: SessionUser;
  threads: readonly ThreadSummary[];
  /** The page has more after it: a thread older than its last is not listed here. */
  more: boolean;
  /**
   * The last thread's time of the page before this one (its cursor's; absent on page 1): a thread
   * at that time or newer was listed there.
   */
  after?: string | undefined;
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
  const after = options.after === undefined ? undefined : millis(options.after);
  const missing = listed.filter(
    (t) =>
      !known.has(t.threadId) &&
      !(options.more && oldest !== undefined && millis(t.latestAt) < millis(oldest)) &&
      !(after !== undefined && millis(t.latestAt) >= after),
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
