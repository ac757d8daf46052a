import { MESSAGES, type ThreadTitle } from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as titles from "./history.titles-repo.ts";

/** What a thread id can be (the answer module's rule); anything else is not found, unqueried. */
const THREAD_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Missing and foreign threads answer exactly alike (spec §8). */
function noSuchDocument(): AppError {
  return new AppError("not_found", MESSAGES.noSuchDocument);
}

/** The title of one of the user's threads: the one they gave it, else its first query. */
export async function threadTitle(options: {
  deps: Pick<Deps, "db">;
  user: SessionUser;
  threadId: string;
}): Promise<ThreadTitle> {
  const { deps, user, threadId } = options;
  if (!THREAD_ID.test(threadId)) throw noSuchDocument();
  const row = await titles.threadTitle(deps.db, { userId: user.id, threadId });
  if (!row) throw noSuchDocument();
  return { threadId, title: row.title ?? row.firstQuery, renamed: row.title !== null };
}

/** Renames one of the user's threads; history lists and the thread page show the new title. */
export async function renameThread(options: {
  deps: Pick<Deps, "db" | "clock">;
  user: SessionUser;
  threadId: string;
  title: string;
}): Promise<ThreadTitle> {
  const { deps, user, threadId, title } = options;
  if (!THREAD_ID.test(threadId)) throw noSuchDocument();
  const saved = await titles.setThreadTitle(deps.db, {
    userId: user.id,
    threadId,
    title,
    now: deps.clock.now(),
  });
  if (!saved) throw noSuchDocument();
  return { threadId, title, renamed: true };
}
