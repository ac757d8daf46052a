import { useChat } from "@ai-sdk/react";
import type { AnswerAttachment, AnswerRetryStatus, ThreadResponse } from "@nexus/contracts";
import { useQuery } from "@tanstack/react-query";
import type { UIMessage } from "ai";
import { useEffect, useRef, useState } from "react";
import { retryStatusText } from "@/lib/chat/chat-status.ts";
import type { LiveChat } from "@/lib/chat/create-chat.ts";
import { useLiveValue } from "@/lib/chat/live-value.ts";
import { arrivedThread, isThreadUnavailable, threadQueryOptions } from "@/lib/chat/thread-query.ts";
import { type PinTargets, usePinQuestion } from "@/lib/chat/use-pin-question.ts";
import { type PendingQuestion, useQuestionQueue } from "@/lib/chat/use-question-queue.ts";
import type { ThreadExpectation } from "@/lib/early-requests.ts";

/** A fast model sends hundreds of chunks a second: a thread takes them in at most ~30 a second. */
const STREAM_THROTTLE_MS = 32;

/** A question with the reply after it (a reply without one: a conversation's opening reply). */
export interface ThreadTurn<M extends UIMessage> {
  question: M | null;
  reply: M | null;
}

/** Each question with the reply after it (if any yet). */
export function pairTurns<M extends UIMessage>(messages: readonly M[]): ThreadTurn<M>[] {
  const turns: ThreadTurn<M>[] = [];
  for (const message of messages) {
    if (message.role === "user") turns.push({ question: message, reply: null });
    else if (message.role === "assistant") {
      const last = turns.at(-1);
      if (last && last.reply === null) last.reply = message;
      else turns.push({ question: null, reply: message });
    }
  }
  return turns;
}

/** The text of a message (its text parts, joined). */
export function textOf(message: UIMessage): string {
  return message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("\n\n")
    .trim();
}

/** A question as the message the chat sends: its attached files ride on it (data-attachments). */
export function questionParts(text: string, files: readonly AnswerAttachment[]) {
  return files.length > 0
    ? {
        parts: [
          { type: "data-attachments" as const, data: [...files] },
          { type: "text" as const, text },
        ],
      }
    : { text };
}

/** The composer's line while a reply runs: the server's retry, else "thinking", then "replying". */
export function threadStatusText(
  thread: { status: string; busy: boolean; retrying: AnswerRetryStatus | null; last?: UIMessage },
  texts: { submitted: string; streaming: string; idle?: string },
): string {
  const replyStarted = thread.last?.role === "assistant" && textOf(thread.last) !== "";
  if (thread.busy && thread.retrying && !replyStarted) return retryStatusText(thread.retrying);
  if (thread.status === "submitted") return texts.submitted;
  if (thread.status === "streaming") return texts.streaming;
  return texts.idle ?? "";
}

/** A saved thread as a screen opens it: loading, ready (its UI messages), missing or failed. */
export type SavedThread<M extends UIMessage> =
  | { state: "loading" }
  | { state: "ready"; thread: ThreadResponse; messages: M[] }
  | { state: "missing" }
  | { state: "failed"; error: unknown; retry: () => void };

/**
 * The one loader of a saved thread, of any kind (GET /api/threads/:id, ARCHITECTURE.md §3.1): the
 * answer page, agent chats and document chats restore through it. `expected`: the screen's kind
 * and subject — the server answers a thread of another kind or subject as missing, and a kind that
 * opens its threads empty (a document chat, whose id is in its URL before its first turn is saved)
 * a thread with no turn yet as an empty one.
 */
export function useSavedThread<M extends UIMessage>(
  threadId: string,
  options: {
    /** Asked for only when this tab has no live chat of it (and someone is signed in). */
    enabled: boolean;
    expected?: ThreadExpectation;
  },
): SavedThread<M> {
  const { enabled, expected } = options;
  const query = useQuery({
    ...threadQueryOptions(threadId, expected),
    initialData: () => (enabled ? arrivedThread(threadId, expected) : undefined),
    enabled,
  });
  if (query.isPending) return { state: "loading" };
  if (query.isError) {
    if (isThreadUnavailable(query.error)) return { state: "missing" };
    return { state: "failed", error: query.error, retry: () => void query.refetch() };
  }
  // The thread API's UI messages: each kind's own stream parts (contracts' stored-turn.ts).
  return { state: "ready", thread: query.data, messages: query.data.messages as M[] };
}

/**
 * The turn loop every thread screen shares (answers, agent chats, document chats): the live chat's
 * messages and state, the question pinned at the top while its reply grows, the question typed
 * while a reply runs queued, regenerate, the last question edited, a failed question asked again,
 * stop. What differs per kind is in `options`.
 */
export function useThread<M extends UIMessage>(
  live: LiveChat<M>,
  options: {
    /** Where the kind's turns and composer are (the answer page's by default). */
    pinTargets?: PinTargets;
    /** The number of turns, when the kind counts them otherwise (answers: by question). */
    turnCount?: (messages: readonly M[]) => number;
    /** Whether a question may be sent now (the agent is available, the document read…). */
    canSend?: () => boolean;
    /** A reply has just ended (the history, the usage and the like are refreshed). */
    onReplyEnd?: () => void;
    /** Before any request, with the files of a question asked (an answer's focus follows them). */
    beforeRequest?: (files?: readonly AnswerAttachment[]) => void;
  } = {},
) {
  const { messages, status, error, sendMessage, regenerate, stop, setMessages } = useChat({
    chat: live.chat,
    experimental_throttle: STREAM_THROTTLE_MS,
  });
  const busy = status === "submitted" || status === "streaming";
  const failed = status === "error" && error !== undefined;
  const last = messages.at(-1);
  const turns = pairTurns(messages);
  const turnCount = options.turnCount?.(messages) ?? turns.length;
  const listRef = useRef<HTMLDivElement>(null);
  const { pin, spaceRef } = usePinQuestion(listRef, turnCount, options.pinTargets);
  // A saved conversation opens scrolled to its end (once).
  const [openedWith] = useState(turnCount);
  const retrying = useLiveValue(live.retrying);

  const onReplyEnd = useRef(options.onReplyEnd);
  onReplyEnd.current = options.onReplyEnd;
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) onReplyEnd.current?.();
    wasBusy.current = busy;
  }, [busy]);

  const lastUserIndex = () => messages.map((message) => message.role).lastIndexOf("user");
  /** Sends a question now, its turn (`turn`, 1-based; default: a new one) pinned. */
  const ask = (text: string, files: readonly AnswerAttachment[] = [], turn = turnCount + 1) => {
    options.beforeRequest?.(files);
    pin(turn);
    void sendMessage(questionParts(text, files) as Parameters<typeof sendMessage>[0]);
  };
  // A question typed while a reply runs waits for it, visibly, and is sent when it ends.
  const queue = useQuestionQueue({
    busy,
    send: (question: PendingQuestion) => {
      if (options.canSend?.() ?? true) ask(question.text, question.attachments);
    },
  });
  /** The composer's question: queued while a reply runs, else sent. */
  const send = (text: string, files: readonly AnswerAttachment[] = []) => {
    if (!(options.canSend?.() ?? true)) return;
    if (busy) queue.enqueue({ text, attachments: [...files] });
    else ask(text, files);
  };
  /** The last reply again (the server keeps the one before as a version). */
  const regenerateLast = (replyId = last?.role === "assistant" ? last.id : undefined) => {
    if (busy) return;
    options.beforeRequest?.();
    pin(turnCount);
    void regenerate(replyId ? { messageId: replyId } : undefined);
  };
  /** After a failure: the failed question (and whatever streamed) gives way to the same question. */
  const askAgain = (filesOf: (question: M) => readonly AnswerAttachment[] = () => []) => {
    if (busy) return;
    const index = lastUserIndex();
    const question = messages[index];
    if (!question) return;
    setMessages(messages.slice(0, index));
    ask(textOf(question), filesOf(question), turnCount);
  };
  /** The last question, edited: its reply is regenerated from the edited text. */
  const editLast = (text: string) => {
    if (busy || last?.role !== "assistant") return;
    const index = lastUserIndex();
    setMessages(
      messages.map((message, i) =>
        i === index
          ? {
              ...message,
              parts: message.parts.map((part) => (part.type === "text" ? { ...part, text } : part)),
            }
          : message,
      ),
    );
    regenerateLast(last.id);
  };
  /** The question refused (for quota): it leaves the page and goes back into the composer. */
  const takeBackLast = (): M | undefined => {
    const index = lastUserIndex();
    const question = messages[index];
    if (question) setMessages(messages.slice(0, index));
    return question;
  };

  return {
    messages,
    status,
    error,
    busy,
    failed,
    last,
    turns,
    turnCount,
    listRef,
    spaceRef,
    openedWith,
    retrying,
    queue,
    pin,
    setMessages,
    ask,
    send,
    regenerateLast,
    askAgain,
    editLast,
    takeBackLast,
    stop: () => void stop(),
  };
}

export type Thread<M extends UIMessage> = ReturnType<typeof useThread<M>>;
