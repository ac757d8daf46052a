import type { Context } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson } from "../../lib/validate.ts";
import { callerOf } from "../../middleware/request-context.ts";
import type { ChatJob, ChatKind } from "./chat-kinds.ts";
import { runChatJob } from "./runners.ts";
import { sseEvent, uiMessageSseResponse, withFirst } from "./ui-message-sse.ts";

/**
 * Every chat route's one entry (ARCHITECTURE.md §3.1): the body checked against the kind's schema,
 * the kind's `accept` (validation, quota: a refusal is a 429 that names its counter), the `start`
 * part sent at once, and the turn run by the chat workers (or in this thread), which settles its
 * charge (run-turn.ts). `accept` replaces the kind's own (one kind, two entries: a preset agent
 * and a custom agent).
 */
export async function startChat<J extends ChatJob, B, S>(
  c: Context<AppEnv>,
  deps: Deps,
  kind: ChatKind<J, B, S>,
  accept: ChatKind<J, B, S>["accept"] = (request) => kind.accept(request),
): Promise<Response> {
  const body = await parseJson(c, kind.request);
  const { job } = await accept({ deps, caller: callerOf(c), params: c.req.param(), body });
  const signal = c.req.raw.signal;
  const start = sseEvent({
    type: "start",
    messageId: job.entryId,
    messageMetadata: kind.metadata(job, kind.model(deps, job)),
  });
  const stream = deps.chatRunner ? deps.chatRunner(job, signal) : runChatJob(deps, job, signal);
  const response = uiMessageSseResponse(withFirst(start, stream));
  // The server's time to the response headers (sent at once with the `start` part).
  const ms = performance.now() - c.get("receivedAt");
  response.headers.set("server-timing", `app;dur=${ms.toFixed(1)}`);
  return response;
}
