import type { AnswerUIMessage } from "./answer-message.ts";

/**
 * The messages with their last answer marked stopped: its open text and reasoning parts closed
 * as they are and `metadata.stopped` set, so the turn is kept (the tab's copy, the server's
 * stopped entry) and shown with "Stopped" and Regenerate.
 */
export function markStopped(messages: readonly AnswerUIMessage[]): AnswerUIMessage[] {
  const last = messages.at(-1);
  if (last?.role !== "assistant" || !last.metadata) return [...messages];
  const parts = last.parts.map((part) =>
    (part.type === "text" || part.type === "reasoning") && part.state === "streaming"
      ? { ...part, state: "done" as const }
      : part,
  );
  return [
    ...messages.slice(0, -1),
    { ...last, parts, metadata: { ...last.metadata, stopped: true } },
  ];
}

/** The answer was stopped by the person (live, or restored from a stopped entry). */
export const isStopped = (message: AnswerUIMessage | undefined): boolean =>
  message?.metadata?.stopped === true;
