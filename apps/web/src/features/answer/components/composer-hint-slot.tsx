import { createContext, type ReactNode, use } from "react";

/** What an answer composer (home or follow-up) tells its hint. */
export interface ComposerHintContext {
  /** An answer of the thread is on its way (the count changes once it ends). */
  busy: boolean;
  /** Files are attached to the question (or on their way): uploads are being counted. */
  attaching: boolean;
  /** Some attached file is still being uploaded or read (the count changes once it is in). */
  uploading: boolean;
}

/**
 * The answer composers' note of a quota about to run out ("2 searches left today"): features may
 * not import each other, so the app layer (the home and answer routes) provides what renders.
 */
export const ComposerHintSlotContext = createContext<
  ((context: ComposerHintContext) => ReactNode) | null
>(null);

export function ComposerHintSlot(props: ComposerHintContext) {
  const render = use(ComposerHintSlotContext);
  return render ? render(props) : null;
}
