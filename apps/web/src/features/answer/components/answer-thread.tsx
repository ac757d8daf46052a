import type { AnswerAttachment } from "@nexus/contracts";
import { clsx } from "clsx";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useComposerAttachments } from "@/components/chat/attach/use-composer-attachments.tsx";
import type { ComposerDraft } from "@/components/chat/chat-composer.tsx";
import { ChatColumn } from "@/components/chat/chat-layout.tsx";
import { ThreadScreen } from "@/components/chat/thread/thread-screen.tsx";
import { useThread } from "@/components/chat/thread/use-thread.ts";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useRefusedQuestion } from "../hooks/use-refused-question.ts";
import { useSlashFocus } from "../hooks/use-slash-focus.ts";
import { answerContentOf, attachmentsOf, turnsOf } from "../lib/answer-message.ts";
import { answerStatusText } from "../lib/answer-status.ts";
import type { ThreadChat } from "../lib/chat-store.ts";
import { answerPartRenderers } from "./answer-parts.tsx";
import { AnswerTurnView, type TurnState } from "./answer-turn.tsx";
import { FollowUpComposer } from "./follow-up-composer.tsx";
import { ThreadHeaderSlot } from "./thread-header-slot.tsx";

const IDLE: TurnState = { status: "ready", error: undefined, stopped: false };
const countQuestions = (messages: readonly { role: string }[]) =>
  messages.filter((message) => message.role === "user").length;

/** A thread's turns, streamed by its live chat, with the follow-up box at the bottom. */
export function AnswerThread({
  thread: live,
  onSignIn,
}: {
  thread: ThreadChat;
  onSignIn: (() => void) | undefined;
}) {
  const t = useT();
  const [stopped, setStoppedState] = useState(live.stopped);
  // The thread's focus (a question with files moves it to Local).
  const [focusMode, setFocusMode] = useState(live.settings.focusMode);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const { attachments, formProps } = useComposerAttachments(inputRef);
  const navigate = useNavigate();
  useSlashFocus(inputRef);
  const setStopped = (value: boolean) => {
    live.stopped = value;
    setStoppedState(value);
  };
  const thread = useThread(live, {
    turnCount: countQuestions,
    // A question with files is asked (and the thread continues) in the Local focus.
    beforeRequest: (files) => {
      setStopped(false);
      if (files && files.length > 0) {
        live.settings.focusMode = "local";
        setFocusMode("local");
      }
    },
  });
  const { messages, status, error, busy, setMessages } = thread;

  const turns = turnsOf(messages);
  const last = turns[turns.length - 1];
  const lastAnswer = last?.answer;
  const hasMedia = messages.some((message) =>
    message.parts.some(
      (part) =>
        (part.type === "data-images" || part.type === "data-videos") && part.data.length > 0,
    ),
  );
  const statusText = answerStatusText(
    status,
    last ? answerContentOf(last.answer) : null,
    thread.retrying,
  );

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
    // A question typed while an answer runs waits for it, visibly (queued-question.tsx).
    if (busy) thread.queue.enqueue({ text, attachments: files });
    // The question refused for quota, asked again from the box: it replaces the refused turn.
    else if (refused && last) retryWith(text, files.length > 0 ? files : attachmentsOf(last.user));
    else thread.ask(text, files);
  };
  // After a failure or a stop: ask the question again, replacing a stopped turn the server kept.
  const retry = () => thread.regenerateLast(lastAnswer?.id);
  // A failed question, edited: the failed turn (never saved) gives way to the new question.
  const retryWith = (text: string, files: readonly AnswerAttachment[] = []) => {
    if (busy || !last) return;
    const failedIds = [last.user.id, ...(lastAnswer ? [lastAnswer.id] : [])];
    setMessages(messages.filter((message) => !failedIds.includes(message.id)));
    thread.ask(text, files.length > 0 ? files : attachmentsOf(last.user), turns.length);
  };
  // A finished answer: the server replaces its entry.
  const regenerateLast = () => {
    if (lastAnswer) thread.regenerateLast(lastAnswer.id);
  };
  // A deleted answer leaves the page; with none left, the thread is gone: back to a new question.
  const removeTurn = (ids: readonly string[]) => {
    const rest = messages.filter((message) => !ids.includes(message.id));
    setMessages(rest);
    if (rest.length === 0) void navigate(paths.app.root.href(), { replace: true });
  };
  const onStop = () => {
    setStopped(true);
    thread.stop();
  };

  return (
    // One reading measure (61ch of the page's 16 px text: about 75 characters of the answer's
    // 15 px) for every turn; with images or videos anywhere in the thread, every turn keeps the
    // media rail's column beside it on wide screens (answer-turn.tsx), so none is wider.
    <ChatColumn
      mediaRail={hasMedia}
      className={clsx("group/thread", hasMedia && "lg:max-w-[calc(61ch+18.5rem)]")}
    >
      <ThreadScreen
        thread={thread}
        slots={{
          renderers: answerPartRenderers,
          listClassName: "gap-10",
          above: (
            <>
              <title>{`${turns[0]?.query ?? t("common.search")} · Nexus`}</title>
              <ThreadHeaderSlot
                threadId={live.threadId}
                firstQuery={turns[0]?.query ?? ""}
                busy={busy}
                // A turn stopped in this tab is saved by the server a moment after the stop, so
                // it does not count until the thread is loaded again.
                saved={turns.some(
                  (turn, index) =>
                    turn.answer !== undefined &&
                    answerContentOf(turn.answer).complete &&
                    !((busy || stopped) && index === turns.length - 1),
                )}
                onDeleted={() => removeTurn(messages.map((message) => message.id))}
              />
            </>
          ),
          turn: (_pair, { index, isLast }) => {
            const turn = turns[index];
            if (!turn) return null;
            return (
              <AnswerTurnView
                key={turn.user.id}
                turn={turn}
                index={index}
                threadId={live.threadId}
                state={isLast ? { status, error, stopped } : IDLE}
                busy={busy}
                onAsk={ask}
                onRegenerate={isLast ? regenerateLast : null}
                onEdit={isLast ? thread.editLast : null}
                onRetry={retry}
                onRetryWith={retryWith}
                onSignIn={onSignIn}
                onRemove={() =>
                  removeTurn(turn.answer ? [turn.user.id, turn.answer.id] : [turn.user.id])
                }
              />
            );
          },
          composer: (queued) => (
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
              below={queued}
            />
          ),
        }}
      />
    </ChatColumn>
  );
}
