import type { UIMessage } from "ai";
import { type ReactNode, Suspense } from "react";
import { ChatMessageList, TurnSkeleton } from "@/components/chat/chat-layout.tsx";
import { ChatPartRenderers, type PartRenderers } from "@/components/chat/part-registry.tsx";
import { lazyComponent } from "@/lib/lazy-component.ts";
import type { Thread, ThreadTurn } from "./use-thread.ts";

// Only a question typed while a reply runs needs it.
const LazyQueuedQuestion = lazyComponent(() =>
  import("@/components/chat/queued-question.tsx").then((m) => m.QueuedQuestion),
);

const PENDING_LINES = ["w-full", "w-3/4"] as const;

/** What one turn's slots know: where it is, and whether its reply is the live one. */
export interface TurnContext {
  index: number;
  isLast: boolean;
  /** This turn's reply is the last message (the one streaming, failed or stopped). */
  replyIsLast: boolean;
}

/**
 * What a kind of thread draws in the one thread screen: its part renderers, its test ids, the
 * question and the reply (or the whole turn), what an empty thread offers, the notice under the
 * last turn (an error, a full conversation), and its composer (given the queued question to show
 * under it).
 */
export interface ThreadSlots<M extends UIMessage> {
  renderers: PartRenderers;
  /** The list's test id and the gap between turns. */
  listTestId?: string;
  listClassName?: string;
  /** Open a saved thread scrolled to its end. */
  openAtEnd?: boolean;
  /** Each turn's test id, and the skeleton's while the first chunk is awaited. */
  turnTestId?: string;
  pendingTestId?: string;
  /** Before the first question (starters, a form). */
  empty?: ReactNode;
  question?: (question: M, turn: TurnContext) => ReactNode;
  reply?: (reply: M, asked: M | null, turn: TurnContext) => ReactNode;
  /** The whole turn, for a kind that draws it itself (an answer). */
  turn?: (turn: ThreadTurn<M>, context: TurnContext) => ReactNode;
  /** Under the last turn (or alone, with none). */
  notice?: ReactNode;
  /** Above the list (a thread's bar), and between the list and the composer (a workbench). */
  above?: ReactNode;
  beforeComposer?: ReactNode;
  composer: (queued: ReactNode) => ReactNode;
}

/**
 * The one thread screen (answers, agent chats, document chats): the turn loop with the pending
 * skeleton and the notice, the space that lets a new question be pinned to the top, and the
 * composer docked below with the queued question. A kind's screen is its slots (ThreadSlots) and
 * its turn loop's options (useThread).
 */
export function ThreadScreen<M extends UIMessage>({
  thread,
  slots,
}: {
  thread: Thread<M>;
  slots: ThreadSlots<M>;
}) {
  const { messages, turns, status, last, queue } = thread;
  const queued = queue.queued ? (
    <Suspense fallback={null}>
      <LazyQueuedQuestion
        question={queue.queued.text}
        files={queue.queued.attachments.length}
        onCancel={queue.cancel}
      />
    </Suspense>
  ) : null;

  return (
    <ChatPartRenderers renderers={slots.renderers}>
      {slots.above}
      <ChatMessageList
        listRef={thread.listRef}
        {...(slots.listTestId ? { testId: slots.listTestId } : {})}
        className={slots.listClassName ?? "gap-6"}
        {...(slots.openAtEnd ? { scrollKey: thread.openedWith } : {})}
      >
        {messages.length === 0 ? slots.empty : null}
        {turns.map((turn, index) => {
          const isLast = index === turns.length - 1;
          const { question, reply } = turn;
          const context = { index, isLast, replyIsLast: reply !== null && reply === last };
          if (slots.turn) return slots.turn(turn, context);
          return (
            <div
              key={(question ?? reply)?.id}
              data-testid={slots.turnTestId}
              className="flex scroll-mt-20 flex-col gap-6"
            >
              {question ? slots.question?.(question, context) : null}
              {reply ? slots.reply?.(reply, question, context) : null}
              {isLast && status === "submitted" && last?.role === "user" ? (
                <TurnSkeleton testId={slots.pendingTestId} lines={PENDING_LINES} />
              ) : null}
              {isLast ? slots.notice : null}
            </div>
          );
        })}
        {turns.length === 0 ? slots.notice : null}
      </ChatMessageList>
      <div ref={thread.spaceRef} aria-hidden="true" />
      {slots.beforeComposer}
      {slots.composer(queued)}
    </ChatPartRenderers>
  );
}
