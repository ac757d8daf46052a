import { useChat } from "@ai-sdk/react";
import type { AnswerAttachment } from "@nexus/contracts";
import { clsx } from "clsx";
import { Suspense, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useComposerAttachments } from "@/components/chat/attach/use-composer-attachments.tsx";
import type { ComposerDraft } from "@/components/chat/chat-composer.tsx";
import { ChatColumn, ChatMessageList } from "@/components/chat/chat-layout.tsx";
import { ChatPartRenderers } from "@/components/chat/part-registry.tsx";
import { paths } from "@/config/paths.ts";
import { useLiveValue } from "@/lib/chat/live-value.ts";
import { usePinQuestion } from "@/lib/chat/use-pin-question.ts";
import { type PendingQuestion, useQuestionQueue } from "@/lib/chat/use-question-queue.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { useRefusedQuestion } from "../hooks/use-refused-question.ts";
import { useSlashFocus } from "../hooks/use-slash-focus.ts";
import { answerContentOf, attachmentsOf, questionMessage, turnsOf } from "../lib/answer-message.ts";
import { answerStatusText } from "../lib/answer-status.ts";
import type { ThreadChat } from "../lib/chat-store.ts";
import { answerPartRenderers } from "./answer-parts.tsx";
import { AnswerTurnView, type TurnState } from "./answer-turn.tsx";
import { FollowUpComposer } from "./follow-up-composer.tsx";
import { ThreadHeaderSlot } from "./thread-header-slot.tsx";

// Only a question typed while an answer runs needs it.
const LazyQueuedQuestion = lazyComponent(() =>
  import("@/components/chat/queued-question.tsx").then((m) => m.QueuedQuestion),
);

const STREAM_THROTTLE_MS = 32;
const IDLE: TurnState = { status: "ready", error: undefined, stopped: false };

/** A thread's turns, streamed by its live chat, with the follow-up box at the bottom. */
export function AnswerThread({
  thread,
  onSignIn,
}: {
  thread: ThreadChat;
  onSignIn: (() => void) | undefined;
}) {
  const { messages, status, error, sendMessage, regenerate, stop, setMessages } = useChat({
    chat: thread.chat,
    // A fast model sends hundreds of chunks a second: the page takes them in at most ~30 times a
    // second (bench/answer-renders.ts), the last one always.
    experimental_throttle: STREAM_THROTTLE_MS,
  });
  const [stopped, setStoppedState] = useState(thread.stopped);
  // The thread's focus (a question with files moves it to Local).
  const [focusMode, setFocusMode] = useState(thread.settings.focusMode);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const { attachments, formProps } = useComposerAttachments(inputRef);
  const navigate = useNavigate();
  const busy = status === "submitted" || status === "streaming";
  useSlashFocus(inputRef);

  const turns = turnsOf(messages);
  const listRef = useRef<HTMLDivElement>(null);
  const { pin, spaceRef } = usePinQuestion(listRef, turns.length);
  const last = turns[turns.length - 1];
  const lastAnswer = last?.answer;
  const hasMedia = messages.some((message) =>
    message.parts.some(
      (part) =>
        (part.type === "data-images" || part.type === "data-videos") && part.data.length > 0,
    ),
  );
  const retrying = useLiveValue(thread.retrying);
  const statusText = answerStatusText(status, last ? answerContentOf(last.answer) : null, retrying);

  const setStopped = (value: boolean) => {
    thread.stopped = value;
    setStoppedState(value);
  };
  // `turn`: the number the new question's turn will have (1-based), to pin it. A question with
  // files is asked (and the thread continues) in the Local focus.
  const send = (text: string, turn = turns.length + 1, files: readonly AnswerAttachment[] = []) => {
    setStopped(false);
    pin(turn);
    if (files.length > 0) {
      thread.settings.focusMode = "local";
      setFocusMode("local");
    }
    void sendMessage(questionMessage(text, files));
  };
  // A question typed while an answer runs waits for it, visibly (queued-question.tsx).
  const queue = useQuestionQueue({
    busy,
    send: (question: PendingQuestion) => send(question.text, undefined, question.attachments),
  });
  const draftRef = useRef<ComposerDraft>(null);
  const refused = useRefusedQuestion({
    error,
    failed: status === "error" && !busy,
    question: last?.query ?? null,
    draftRef,
  });
  const ask = (text: string) => {
    const files = attachments.attached;
    attachments.clear();
    if (busy) queue.enqueue({ text, attachments: files });
    // The question refused for quota, asked again from the box: it replaces the refused turn.
    else if (refused && last) retryWith(text, files.length > 0 ? files : attachmentsOf(last.user));
    else send(text, undefined, files);
  };
  // After a failure or a stop: ask the question again, replacing a stopped turn the server kept.
  const retry = () => {
    if (busy) return;
    setStopped(false);
    pin(turns.length);
    void regenerate(lastAnswer ? { messageId: lastAnswer.id } : undefined);
  };
  // A failed question, edited: the failed turn (never saved) gives way to the new question.
  const retryWith = (text: string, files = last ? attachmentsOf(last.user) : []) => {
    if (busy || !last) return;
    const failedIds = [last.user.id, ...(lastAnswer ? [lastAnswer.id] : [])];
    setMessages(messages.filter((message) => !failedIds.includes(message.id)));
    send(text, turns.length, files);
  };
  // A finished answer: the server replaces its entry.
  const regenerateLast = () => {
    if (busy || !lastAnswer) return;
    setStopped(false);
    pin(turns.length);
    void regenerate({ messageId: lastAnswer.id });
  };
  // The last question, edited and sent again: its answer is regenerated from the edited text and
  // the server keeps the answer before as a version.
  const editLast = (text: string) => {
    if (busy || !last || !lastAnswer) return;
    setMessages(
      messages.map((message) =>
        message.id === last.user.id
          ? {
              ...message,
              parts: message.parts.map((part) => (part.type === "text" ? { ...part, text } : part)),
            }
          : message,
      ),
    );
    setStopped(false);
    pin(turns.length);
    void regenerate({ messageId: lastAnswer.id });
  };
  // A deleted answer leaves the page; with none left, the thread is gone: back to a new question.
  const removeTurn = (ids: readonly string[]) => {
    const rest = messages.filter((message) => !ids.includes(message.id));
    setMessages(rest);
    if (rest.length === 0) void navigate(paths.app.root.href(), { replace: true });
  };
  const onStop = () => {
    setStopped(true);
    void stop();
  };

  return (
    // One reading measure (61ch of the page's 16 px text: about 75 characters of the answer's
    // 15 px) for every turn; with images or videos anywhere in the thread, every turn keeps the
    // media rail's column beside it on wide screens (answer-turn.tsx), so none is wider.
    <ChatPartRenderers renderers={answerPartRenderers}>
      <ChatColumn
        mediaRail={hasMedia}
        className={clsx("group/thread", hasMedia && "lg:max-w-[calc(61ch+18.5rem)]")}
      >
        <title>{`${turns[0]?.query ?? "Search"} · Nexus`}</title>
        <ThreadHeaderSlot
          threadId={thread.threadId}
          firstQuery={turns[0]?.query ?? ""}
          busy={busy}
          // A turn stopped in this tab is saved by the server a moment after the stop, so it does
          // not count until the thread is loaded again.
          saved={turns.some(
            (turn, index) =>
              turn.answer !== undefined &&
              answerContentOf(turn.answer).complete &&
              !((busy || stopped) && index === turns.length - 1),
          )}
          onDeleted={() => removeTurn(messages.map((message) => message.id))}
        />
        <ChatMessageList listRef={listRef} className="gap-10">
          {turns.map((turn, index) => {
            const isLast = index === turns.length - 1;
            return (
              <AnswerTurnView
                key={turn.user.id}
                turn={turn}
                index={index}
                threadId={thread.threadId}
                state={isLast ? { status, error, stopped } : IDLE}
                busy={busy}
                onAsk={ask}
                onRegenerate={isLast ? regenerateLast : null}
                onEdit={isLast ? editLast : null}
                onRetry={retry}
                onRetryWith={retryWith}
                onSignIn={onSignIn}
                onRemove={() =>
                  removeTurn(turn.answer ? [turn.user.id, turn.answer.id] : [turn.user.id])
                }
              />
            );
          })}
        </ChatMessageList>
        <div ref={spaceRef} aria-hidden="true" />
        <FollowUpComposer
          busy={busy}
          statusText={statusText}
          focusMode={attachments.active ? "local" : focusMode}
          inputRef={inputRef}
          draftRef={draftRef}
          onAsk={ask}
          onStop={onStop}
          attach={formProps}
          attaching={attachments.active}
          uploading={attachments.waiting}
          below={
            queue.queued !== null ? (
              <Suspense fallback={null}>
                <LazyQueuedQuestion
                  question={queue.queued.text}
                  files={queue.queued.attachments.length}
                  onCancel={queue.cancel}
                />
              </Suspense>
            ) : null
          }
        />
      </ChatColumn>
    </ChatPartRenderers>
  );
}
