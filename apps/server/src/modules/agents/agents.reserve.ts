import type { Caller, Deps } from "../../deps.ts";
import { hitLimit, type LimitRule } from "../../middleware/rate-limit.ts";
import * as usage from "../usage/usage.service.ts";
import * as repo from "./agents.repo.ts";

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
    ? await repo.replyOutcome(deps.db, { userId, entryId })
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

/**
 * The reply's bytes, with `settle` run once its run has ended. The run is read to its end
 * whatever the person does: when they hang up (the response is cancelled, or the request's signal
 * aborts) the run is stopped and still read out, so a stopped, failed or lost reply is settled
 * after the run's own last write (its stopped turn saved, or not), never before.
 */
export function settledStream(options: {
  deps: Deps;
  signal: AbortSignal;
  run: (signal: AbortSignal) => ReadableStream<Uint8Array>;
  settle: () => Promise<void>;
}): ReadableStream<Uint8Array> {
  const { deps } = options;
  const hangUp = new AbortController();
  let open = true;
  let settled = false;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = options.run(AbortSignal.any([options.signal, hangUp.signal])).getReader();
  } catch (error) {
    void settleOnce();
    throw error;
  }
  async function settleOnce() {
    if (settled) return;
    settled = true;
    await options
      .settle()
      .catch((err: unknown) => deps.logger.error({ err }, "settling an agent reply failed"));
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      void (async () => {
        // Settled before the response ends: a person who has read the whole reply sees its charge.
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (open) controller.enqueue(value);
          }
          await settleOnce();
          if (open) controller.close();
        } catch (error) {
          await settleOnce();
          if (open) controller.error(error);
        } finally {
          open = false;
        }
      })();
    },
    cancel() {
      open = false;
      hangUp.abort();
    },
  });
}
