import { useEffect, useState } from "react";

/**
 * One question typed while an answer runs: held (shown as a chip, cancellable) and sent when the
 * answer ends, never silently dropped. A second one replaces the first.
 */
export function useQuestionQueue({
  busy,
  send,
}: {
  busy: boolean;
  send: (question: string) => void;
}) {
  const [queued, setQueued] = useState<string | null>(null);
  useEffect(() => {
    if (busy || queued === null) return;
    setQueued(null);
    send(queued);
  }, [busy, queued, send]);
  return { queued, enqueue: setQueued, cancel: () => setQueued(null) };
}
