import { type RefObject, useEffect, useRef } from "react";
import type { ComposerDraft } from "@/components/chat/chat-composer.tsx";
import { chatQuotaOf } from "@/lib/chat/chat-fetch.ts";

/**
 * A question refused for quota is not lost (spec: quota you can see coming): its text goes back
 * into the follow-up composer, once per refusal, while the failed turn shows the quota card.
 * Returns whether the last turn is such a refusal (asking again then replaces it).
 */
export function useRefusedQuestion(options: {
  error: Error | undefined;
  failed: boolean;
  /** The last turn's question. */
  question: string | null;
  draftRef: RefObject<ComposerDraft | null>;
}): boolean {
  const { error, failed, question, draftRef } = options;
  const refused = failed && error !== undefined && chatQuotaOf(error) !== null;
  const handled = useRef<Error | undefined>(undefined);
  useEffect(() => {
    if (!refused || question === null || handled.current === error) return;
    handled.current = error;
    draftRef.current?.(question);
  }, [refused, error, question, draftRef]);
  return refused;
}
