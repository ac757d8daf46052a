import { createContext, type ReactNode, use } from "react";

/** What the header of a thread knows about it. */
export interface ThreadHeaderContext {
  threadId: string;
  /** The thread's first question (its title until renamed). */
  firstQuery: string;
  /** An answer of the thread is on its way. */
  busy: boolean;
  /** The server has at least one answer of this thread (a title or share can be asked for). */
  saved: boolean;
  /** Leaves the page after the thread was deleted. */
  onDeleted: () => void;
}

/**
 * The slot above a thread's turns where its title, rename, share and delete attach: features may
 * not import each other, so the app layer (the answer route) provides what renders there.
 */
export const ThreadHeaderSlotContext = createContext<
  ((context: ThreadHeaderContext) => ReactNode) | null
>(null);

export function ThreadHeaderSlot(props: ThreadHeaderContext) {
  const render = use(ThreadHeaderSlotContext);
  return render ? render(props) : null;
}
