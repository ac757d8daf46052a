import type { Caller, Deps } from "../../deps.ts";
import { hitLimit, type LimitRule } from "../../middleware/rate-limit.ts";
import * as history from "../history/history.service.ts";
import * as usage from "../usage/usage.service.ts";

/**
 * An agent conversation's unit (agentUsage), reserved when a reply that may charge it starts and
 * settled exactly once when that reply's run has ended, wherever it ran (this thread or a chat
 * worker, which may also die): kept when the reply was saved completed, given back otherwise
 * (failed, stopped, not saved, or lost with its worker, or another reply of the conversation that
 * ran alongside it was saved completed first). The saved turn is the only truth asked:
 * the run itself never charges nor gives back.
 */
export async function reserveConversation(deps: Deps, caller: Caller) {
  const reserved = await usage.consume({ deps, caller, counter: "agentUsage" });
  if (!reserved.allowed)
    throw usage.quotaExceeded(
      deps,
      { ...reserved, counter: "agentUsage" },
      "You have reached your agent conversation limit.",
    );
}

export async function settleConversation(
  deps: Deps,
  caller: Caller,
  entryId: string,
): Promise<void> {
  const userId = caller.user?.id;
  const outcome = userId
    ? await history.replyOutcome(deps, { userId, entryId })
    : { completed: false, chargedBefore: false, threadId: null };
  // A conversation is charged once: of its replies that ran side by side, the first to settle
  // keeps. Their saves may commit in another order than their timestamps, so "saved before me" is
  // not enough: one atomic count per conversation decides (every instance shares it).
  const keeps =
    outcome.completed &&
    !outcome.chargedBefore &&
    outcome.threadId !== null &&
    (
      await hitLimit({
        db: deps.db,
        rule: CHARGED_ONCE,
        key: outcome.threadId,
        now: deps.clock.now(),
      })
    ).allowed;
  if (!keeps) await usage.refund({ deps, caller, counter: "agentUsage" });
}

/**
 * One kept unit per agent conversation (keyed by its thread id, which names no person): a count
 * of 1 in a window of 2^40 ms (~35 years, the current one ends in 2039), so it never resets.
 */
const CHARGED_ONCE: LimitRule = {
  bucket: "agent-conversation-charged",
  limit: 1,
  windowMs: 2 ** 40,
};
