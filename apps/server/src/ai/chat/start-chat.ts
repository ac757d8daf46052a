import type { Context } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import type { Logger } from "../../lib/logger.ts";
import { parseJson } from "../../lib/validate.ts";
import { callerOf } from "../../middleware/request-context.ts";
import type { ChatJob, ChatKind } from "./chat-kinds.ts";
import { runChatJob } from "./runners.ts";
import { sseEvent, uiMessageSseResponse, withFirst } from "./ui-message-sse.ts";

/**
 * Every chat route's one entry (ARCHITECTURE.md §3.1): the body checked against the kind's schema,
 * the kind's `accept` (validation, quota: a refusal is a 429 that names its counter), the `start`
 * part sent at once, and the turn run by the chat workers (or in this thread), its stream settled
 * once it has ended when the kind reserved a unit. `accept` replaces the kind's own (one kind, two
 * entries: a preset agent and a custom agent).
 */
export async function startChat<J extends ChatJob, B, S>(
  c: Context<AppEnv>,
  deps: Deps,
  kind: ChatKind<J, B, S>,
  accept: ChatKind<J, B, S>["accept"] = (request) => kind.accept(request),
): Promise<Response> {
  const body = await parseJson(c, kind.request);
  const { job, settle } = await accept({ deps, caller: callerOf(c), params: c.req.param(), body });
  const signal = c.req.raw.signal;
  const start = sseEvent({
    type: "start",
    messageId: job.entryId,
    messageMetadata: kind.metadata(job, kind.model(deps, job)),
  });
  const run = (signal: AbortSignal) =>
    deps.chatRunner ? deps.chatRunner(job, signal) : runChatJob(deps, job, signal);
  const stream = settle ? settledStream({ logger: deps.logger, signal, run, settle }) : run(signal);
  const response = uiMessageSseResponse(withFirst(start, stream));
  // The server's time to the response headers (sent at once with the `start` part).
  const ms = performance.now() - c.get("receivedAt");
  response.headers.set("server-timing", `app;dur=${ms.toFixed(1)}`);
  return response;
}

/**
 * The reply's bytes, with `settle` run once its run has ended. The run is read to its end
 * whatever the person does: when they hang up (the response is cancelled, or the request's signal
 * aborts) the run is stopped and still read out, so a stopped, failed or lost reply is settled
 * after the run's own last write (its stopped turn saved, or not), never before.
 */
export function settledStream(options: {
  logger: Logger;
  signal: AbortSignal;
  run: (signal: AbortSignal) => ReadableStream<Uint8Array>;
  settle: () => Promise<void>;
}): ReadableStream<Uint8Array> {
  const { logger } = options;
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
      .catch((err: unknown) => logger.error({ err }, "settling a reply failed"));
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
