import { CITATION_CHECKS_PART } from "@nexus/contracts";
import { createUIMessageStream, type UIMessageChunk } from "ai";
import type { Deps } from "../../deps.ts";
import { modelRetries } from "../model-fetch.ts";
import type { ChatJob, ChatKind, TurnContext, TurnEnd } from "./chat-kinds.ts";
import { checkCitations } from "./citation-check.ts";
import { ModelTextGuard } from "./model-chunks.ts";
import { lastUserText, personalSettingsOf, withPersonal } from "./personal.ts";
import { ChatTurn, runChat } from "./run-chat.ts";
import { failureMessage } from "./turn-failure.ts";

/**
 * The one turn lifecycle of every chat kind (ARCHITECTURE.md §3.1), after its `start` part (which
 * the accepting thread sends at once: start-chat.ts): the retry status while the model is retried
 * (a transient data-status part), the kind's preparation, the model call on the AI SDK's own
 * streamText (or the kind's own reply), the save — awaited before the `finish` part — and on a
 * failure or a stop: the stopped turn kept as far as it got, and the error part's text. However it
 * ends, the kind's charge is settled once, after the turn's last save and before its last part.
 * The UI-message chunks are framed as server-sent events by runners.ts.
 */
export function runChatTurn<J extends ChatJob, B, S>(
  deps: Deps,
  kind: ChatKind<J, B, S>,
  job: J,
  signal: AbortSignal,
): ReadableStream<UIMessageChunk> {
  return createUIMessageStream({
    execute: ({ writer }) => {
      modelRetries.listen(signal, ({ attempt, maxAttempts, reason }) =>
        writer.write({
          type: "data-status",
          data: { state: "retrying", attempt, maxAttempts, reason },
          transient: true,
        }),
      );
      return turn(deps, kind, job, signal, (chunk) => writer.write(chunk));
    },
    onError: () => kind.failedText,
  });
}

async function turn<J extends ChatJob, B, S>(
  deps: Deps,
  kind: ChatKind<J, B, S>,
  job: J,
  signal: AbortSignal,
  write: (chunk: UIMessageChunk) => void,
): Promise<void> {
  const model = kind.model(deps, job);
  const chatTurn = new ChatTurn();
  // A reply written without the model call (the offline engine quotes pages) is sanitised too.
  const guard = new ModelTextGuard((chunk) => {
    chatTurn.record(chunk);
    write(chunk);
  });
  const ctx: TurnContext<J, S> = {
    deps,
    job,
    model,
    signal,
    turn: chatTurn,
    state: kind.state(job),
    write,
    emit: (chunk) => guard.push(chunk),
  };
  let saved = false;
  let settled = false;
  // The one place a turn's charge is settled (ChargePolicy): once, however the turn ended.
  const settle = async (end: TurnEnd) => {
    if (settled || !kind.charge) return;
    settled = true;
    await kind.charge
      .settle(deps, job, end)
      .catch((err: unknown) =>
        deps.logger.error({ err, kind: kind.kind, end }, "settling a turn's charge failed"),
      );
  };
  // The caller's personal settings, read beside the kind's preparation (never before it).
  const personal = personalSettingsOf(deps, job.caller);
  personal.catch(() => undefined);
  try {
    const plan = await kind.prepare(ctx);
    if (plan.call) {
      // Every kind's system message ends with what the person's settings add (personal.ts).
      const { pipe, asked, ...call } = plan.call;
      const system = withPersonal(
        call.system,
        await personal,
        asked ?? lastUserText(call.messages),
      );
      await runChat({
        model: model.model,
        ...call,
        system,
        write: pipe ?? write,
        turn: chatTurn,
        signal,
      });
    } else await plan.reply?.();
    guard.flush();
    await plan.after?.();
    emitCitationChecks(ctx);
    await save(kind, ctx, false);
    saved = true;
    await settle("completed");
    write({ type: "finish", messageMetadata: kind.finish?.(ctx) ?? kind.metadata(job, model) });
  } catch (error) {
    guard.flush();
    // A stopped turn is kept as far as it got (a reload shows it, with Regenerate), uncharged.
    if (signal.aborted && !saved)
      await save(kind, ctx, true).catch((err: unknown) =>
        deps.logger.error({ err, kind: kind.kind }, "saving a stopped turn failed"),
      );
    else if (!signal.aborted)
      deps.logger.warn({ err: error, kind: kind.kind, entryId: job.entryId }, "chat turn failed");
    await settle(signal.aborted ? "stopped" : "failed");
    const streamed = chatTurn.text !== "";
    write({
      type: "error",
      errorText: signal.aborted
        ? kind.stoppedText
        : (kind.failureText?.(error, streamed) ?? failureMessage({ error, streamed })),
    });
  }
}

/**
 * Runs a turn into `write` as a run's writer takes it (ARCHITECTURE.md §3.1, §3.3): its `start`
 * part, then the one turn lifecycle's chunks. The one way a turn's chunks reach a run's events —
 * a chat turn run as a job (modules/runs) and a research's report alike. Resolves once the turn
 * has ended, with its error part's text when it failed or was stopped (null: it finished).
 */
export async function runTurnInto<J extends ChatJob, B, S>(
  deps: Deps,
  kind: ChatKind<J, B, S>,
  job: J,
  write: (chunk: UIMessageChunk) => void,
  signal: AbortSignal,
): Promise<{ failed: string | null }> {
  write({
    type: "start",
    messageId: job.entryId,
    messageMetadata: kind.metadata(job, kind.model(deps, job)),
  });
  let failed: string | null = null;
  const chunks = runChatTurn(deps, kind, job, signal).getReader();
  for (;;) {
    const { done, value } = await chunks.read();
    if (done) break;
    if (value.type === "error") failed = value.errorText;
    write(value);
  }
  return { failed };
}

/**
 * The turn saved as its kind records it (ARCHITECTURE.md §3.1: the runtime owns the save): a
 * signed-in caller's only (anonymous visitors keep nothing on the server), as the kind's own turn,
 * through history (deps.saveTurn); the earlier versions go back to the kind.
 */
async function save<J extends ChatJob, B, S>(
  kind: ChatKind<J, B, S>,
  ctx: TurnContext<J, S>,
  stopped: boolean,
): Promise<void> {
  const { deps, job } = ctx;
  const user = job.caller.user;
  if (!user) return;
  const record = await kind.record(ctx, { stopped });
  if (!record) return;
  const versions = await deps.saveTurn(deps, {
    user,
    turn: {
      ...record,
      id: job.entryId,
      userId: user.id,
      threadId: job.threadId,
      timestamp: deps.clock.now(),
      kind: kind.kind,
    },
    replaces: job.replaces,
  });
  kind.saved?.(ctx, versions);
}

/**
 * The reply's citations checked against the texts its sources stood for (citation-check.ts), as
 * its `data-citation-checks` part: part of the reply, so saved with it. Nothing when no source
 * has a text (a kind without sources) or nothing is cited.
 */
function emitCitationChecks(ctx: TurnContext<ChatJob, unknown>): void {
  const { turn } = ctx;
  if (turn.sourceTexts.size === 0 || turn.text === "") return;
  const checks = checkCitations({
    text: turn.text,
    sources: turn.sourceTexts,
    count: Math.max(...turn.sourceTexts.keys()),
  });
  if (checks.length > 0) ctx.emit({ type: CITATION_CHECKS_PART, data: checks } as UIMessageChunk);
}
