import { useChat } from "@ai-sdk/react";
import { clsx } from "clsx";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths.ts";
import { useFollowScroll } from "../hooks/use-follow-scroll.ts";
import { useSlashFocus } from "../hooks/use-slash-focus.ts";
import { answerContentOf, turnsOf } from "../lib/answer-message.ts";
import { answerStatusText } from "../lib/answer-status.ts";
import type { ThreadChat } from "../lib/chat-store.ts";
import { AnswerTurnView, type TurnState } from "./answer-turn.tsx";
import { FollowUpComposer } from "./follow-up-composer.tsx";

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
  });
  const [stopped, setStoppedState] = useState(thread.stopped);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const navigate = useNavigate();
  const busy = status === "submitted" || status === "streaming";
  const follow = useFollowScroll(busy, messages);
  useSlashFocus(inputRef);

  const turns = turnsOf(messages);
  const last = turns[turns.length - 1];
  const lastAnswer = last?.answer;
  const hasMedia = messages.some((message) =>
    message.parts.some(
      (part) =>
        (part.type === "data-images" || part.type === "data-videos") && part.data.length > 0,
    ),
  );
  const statusText = answerStatusText(status, last ? answerContentOf(last.answer) : null);

  const setStopped = (value: boolean) => {
    thread.stopped = value;
    setStoppedState(value);
  };
  const ask = (text: string) => {
    if (busy) return;
    setStopped(false);
    follow();
    void sendMessage({ text });
  };
  // After a failure or a stop the partial answer was not kept: ask the question again.
  const retry = () => {
    if (busy) return;
    setStopped(false);
    follow();
    void regenerate();
  };
  // A finished answer: the server replaces its entry.
  const regenerateLast = () => {
    if (busy || !lastAnswer) return;
    setStopped(false);
    follow();
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
    <div
      className={clsx(
        "mx-auto flex min-h-[calc(100dvh-3.5rem)] w-full flex-col px-4 pt-8 sm:px-6 md:min-h-dvh lg:pt-10",
        hasMedia ? "max-w-5xl" : "max-w-3xl",
      )}
    >
      <title>{`${turns[0]?.query ?? "Search"} · Nexus`}</title>
      <div className="flex flex-col gap-10 pb-4">
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
              onRetry={retry}
              onSignIn={onSignIn}
              onRemove={() =>
                removeTurn(turn.answer ? [turn.user.id, turn.answer.id] : [turn.user.id])
              }
            />
          );
        })}
      </div>
      <FollowUpComposer
        busy={busy}
        statusText={statusText}
        focusMode={thread.settings.focusMode}
        inputRef={inputRef}
        onAsk={ask}
        onStop={onStop}
      />
    </div>
  );
}
