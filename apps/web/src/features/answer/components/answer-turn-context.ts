import { createContext, use } from "react";

/**
 * What the answer's part renderers (answer-parts.tsx) may do beyond drawing their part: parts are
 * data, as the AI SDK streams them; the turn that draws them (answer-turn.tsx) provides the
 * handlers, so a renderer registered in their place can use them too.
 */
export interface AnswerTurnHandlers {
  threadId: string;
  /** Some answer of the thread is on its way (related questions wait). */
  busy: boolean;
  /** Asks a question in the same thread (a related question). */
  onAsk: (question: string) => void;
  /** Set for the last finished answer only. */
  onRegenerate: (() => void) | null;
  /** Takes this turn out of the thread on the page (after the server deleted it). */
  onRemove: () => void;
}

export const AnswerTurnContext = createContext<AnswerTurnHandlers | null>(null);

/** The handlers of the turn a renderer draws in; a renderer used outside a turn is a bug. */
export function useAnswerTurn(): AnswerTurnHandlers {
  const handlers = use(AnswerTurnContext);
  if (!handlers) throw new Error("An answer part was drawn outside an answer turn");
  return handlers;
}
