import { useMemo, useState } from "react";
import { type AnswerTurn, turnsOf } from "../lib/answer-message.ts";
import { versionMessages } from "../lib/entries-to-messages.ts";

/**
 * The versions of an answer that was regenerated or asked again edited (its metadata's
 * `versions`, oldest first, then the answer itself): which one is shown, as a turn to draw.
 * Paging resets when the answer changes (a new regenerate).
 */
export function useAnswerVersions(turn: AnswerTurn, threadId: string) {
  const answer = turn.answer;
  const versions = answer?.metadata?.versions ?? [];
  const count = versions.length + 1;
  const [picked, setPicked] = useState<{ answerId: string; index: number } | null>(null);
  const index =
    answer && picked?.answerId === answer.id ? Math.min(picked.index, count - 1) : count - 1;
  const version = index < versions.length ? versions[index] : undefined;
  const focusMode = answer?.metadata?.focusMode ?? "web";
  const shown = useMemo((): AnswerTurn => {
    if (!version || !answer) return turn;
    return (
      turnsOf(versionMessages({ id: answer.id, threadId, focusMode }, version, index))[0] ?? turn
    );
  }, [version, answer, turn, threadId, focusMode, index]);
  return {
    /** The turn to draw: the answer, or the earlier version picked. */
    shown,
    /** An earlier version is shown (read-only: no actions, no related questions). */
    earlier: version !== undefined,
    index,
    count,
    pick: (next: number) => {
      if (answer) setPicked({ answerId: answer.id, index: next });
    },
  };
}
