import type { AnswerAttachment } from "@nexus/contracts";
import { useEffect, useState } from "react";

/** A question waiting to be sent, with the files attached to it. */
export interface PendingQuestion {
  text: string;
  attachments: AnswerAttachment[];
}

/**
 * One question typed while a reply runs (any chat kind): held (shown as a chip, cancellable,
 * components/chat/queued-question.tsx) and sent when the reply ends, never silently dropped. A
 * second one replaces the first.
 */
export function useQuestionQueue({
  busy,
  send,
}: {
  busy: boolean;
  send: (question: PendingQuestion) => void;
}) {
  const [queued, setQueued] = useState<PendingQuestion | null>(null);
  useEffect(() => {
    if (busy || queued === null) return;
    setQueued(null);
    send(queued);
  }, [busy, queued, send]);
  return { queued, enqueue: setQueued, cancel: () => setQueued(null) };
}
