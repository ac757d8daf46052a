import { type StoredPart, storedPartsOf, type ThreadMessage } from "@nexus/contracts";
import type { KindThread } from "../../ai/chat/kind-declaration.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as history from "../history/history.service.ts";
import * as research from "./research.service.ts";
import { researchReport } from "./research.turn.ts";

export { RESEARCH_LABEL } from "./research.turn.ts";

/**
 * A research read back for the thread API, through this module's service: the question, then the
 * report as saved in history (its parts), or — still running, failed or cancelled — a reply with
 * no parts yet whose metadata says where the run is. Null: the caller has no such research.
 */
async function researchThread(
  deps: Deps,
  user: SessionUser,
  threadId: string,
): Promise<KindThread | null> {
  const item = await research.get(deps, user, threadId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  });
  if (!item) return null;
  const rows = await history.threadTurns(deps, { userId: user.id, threadId });
  const report = rows.find((row) => row.id === item.entryId);
  const parts: StoredPart[] = report ? (storedPartsOf(report.parts) ?? []) : [];
  const question: ThreadMessage = {
    id: `${item.runId}-question`,
    role: "user",
    parts: [{ type: "text", text: item.question }],
  };
  const reply: ThreadMessage = {
    id: item.entryId ?? item.runId,
    role: "assistant",
    parts: parts.map((p) =>
      p.type === "text" || p.type === "reasoning" ? { ...p, state: "done" } : p,
    ),
    metadata: {
      threadId,
      runId: item.runId,
      status: item.status,
      ...(item.entryId ? { entryId: item.entryId } : {}),
      ...(item.error ? { error: item.error } : {}),
      offline: item.offline,
    },
  };
  return { subject: { id: item.runId, name: item.question }, messages: [question, reply] };
}

/**
 * The research kind (ARCHITECTURE.md §3.1): a deep research, opened at its run and report, shared
 * with its report's parts (its checked citations among them), read back through this module. Its
 * report is a chat kind on the one turn (research.turn.ts), run by the research's job into the
 * run's events (research.jobs.ts) the way a chat turn run as a job is (modules/runs).
 */
export const researchKind = {
  ...researchReport(),
  thread: researchThread,
  // A research shows in History and Recent from its start, running (or failed), with its state.
  inProgress: research.inProgress,
};
