import {
  type DeleteThreadsResponse,
  MESSAGES,
  PINNED_THREADS_FULL,
  PINNED_THREADS_MAX,
  type ThreadPin,
  threadsDeleteRunning,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./history.threads-repo.ts";

/** What a thread id can be (the answer module's rule); anything else is not found, unqueried. */
const THREAD_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Missing and foreign threads answer exactly alike (spec §8). */
function noSuchDocument(): AppError {
  return new AppError("not_found", MESSAGES.noSuchDocument);
}

/** Pins or unpins one of the user's threads (pinned threads are listed first). */
export async function setPinned(options: {
  deps: Pick<Deps, "db" | "clock">;
  user: SessionUser;
  threadId: string;
  pinned: boolean;
}): Promise<ThreadPin> {
  const { deps, user, threadId, pinned } = options;
  if (!THREAD_ID.test(threadId)) throw noSuchDocument();
  if (!pinned) {
    if (!(await repo.unpinThread(deps.db, { userId: user.id, threadId }))) throw noSuchDocument();
    return { threadId, pinned: false };
  }
  const outcome = await repo.pinThread(deps.db, {
    userId: user.id,
    threadId,
    now: deps.clock.now(),
    max: PINNED_THREADS_MAX,
  });
  if (outcome === "missing") throw noSuchDocument();
  if (outcome === "full") throw new AppError("conflict", PINNED_THREADS_FULL);
  return { threadId, pinned: true };
}

/**
 * A bulk delete never stops work in flight: a thread whose kind lists it as running (its
 * declaration's inProgress — a research, an extraction; no kind is known here) refuses the whole
 * delete (409); the thread is deleted on its own (DELETE /api/threads/:id), which stops it.
 */
async function refuseRunning(
  deps: Pick<Deps, "db" | "chatKinds">,
  user: SessionUser,
  threadIds: readonly string[],
): Promise<void> {
  const wanted = new Set(threadIds);
  for (const kind of deps.chatKinds.values()) {
    if (!kind.inProgress) continue;
    const running = (await kind.inProgress(deps, user)).find(
      (t) => t.state === "running" && wanted.has(t.threadId),
    );
    if (running) throw new AppError("conflict", threadsDeleteRunning(running.title));
  }
}

/**
 * Deletes several of the user's threads, all or nothing: a thread that is not theirs (or is gone)
 * deletes none of them (404, as for one thread), nor does one still running (409). What other modules keep of each thread (a
 * research's run) goes first, as deleteThread does; then every thread's entries, titles and pins
 * in one transaction. Share links showing them stop working (the delete's trigger, 0003).
 */
export async function deleteThreads(options: {
  deps: Deps;
  user: SessionUser;
  threadIds: readonly string[];
}): Promise<DeleteThreadsResponse> {
  const { deps, user, threadIds } = options;
  if (!threadIds.every((id) => THREAD_ID.test(id))) throw noSuchDocument();
  await refuseRunning(deps, user, threadIds);
  const owned = await repo.ownedThreads(deps.db, { userId: user.id, threadIds });
  if (owned.size !== threadIds.length) throw noSuchDocument();
  for (const threadId of threadIds)
    for (const part of deps.threadParts) await part(deps, user, threadId);
  try {
    const deleted = await repo.deleteThreads(deps.db, { userId: user.id, threadIds });
    return { deleted };
  } catch (error) {
    if (error instanceof repo.ThreadsChanged) throw noSuchDocument();
    throw error;
  }
}
