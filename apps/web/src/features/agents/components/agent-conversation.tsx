import { useChat } from "@ai-sdk/react";
import { type AnswerAttachment, MAX_AGENT_TURNS } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { QuestionAttachments } from "@/components/chat/attach/question-attachments.tsx";
import { useComposerAttachments } from "@/components/chat/attach/use-composer-attachments.tsx";
import { ChatMessageList, TurnSkeleton } from "@/components/chat/chat-layout.tsx";
import { ChatPartRenderers } from "@/components/chat/part-registry.tsx";
import { ChatRequestError, chatErrorCode } from "@/lib/chat/chat-fetch.ts";
import { retryStatusText } from "@/lib/chat/chat-status.ts";
import { useLiveValue } from "@/lib/chat/live-value.ts";
import { usePinQuestion } from "@/lib/chat/use-pin-question.ts";
import { useQuestionQueue } from "@/lib/chat/use-question-queue.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { historyKeys, seedNewThread, usageKeys } from "@/lib/query-keys.ts";
import { agentKeys } from "../api/get-agents.ts";
import { type AgentChat as AgentChatEntry, nameAgentChat } from "../lib/agent-chat-store.ts";
import {
  type AgentUIMessage,
  attachmentsOf,
  messageText,
  threadIdOf,
} from "../lib/agent-message.ts";
import { type AgentView, Starters } from "./agent-chat-header.tsx";
import { useAgentChatSlots } from "./agent-chat-slots.tsx";
import { ConversationFull, NeedsModelCard, ReplyError } from "./agent-chat-states.tsx";
import { AgentComposer, type ComposerDraft } from "./agent-composer.tsx";
import { AgentForm } from "./agent-form.tsx";
import { agentPartRenderers } from "./agent-parts.tsx";
import { AgentReply, UserBubble } from "./agent-reply.tsx";

// Only a question typed while a reply runs needs it.
const LazyQueuedQuestion = lazyComponent(() =>
  import("@/components/chat/queued-question.tsx").then((m) => m.QueuedQuestion),
);

const STREAM_THROTTLE_MS = 32;
const PENDING_LINES = ["w-full", "w-3/4"] as const;
/** A question and its reply: the part of the thread a new question scrolls into view. */
const PIN_TARGETS = {
  turn: '[data-testid="agent-turn"]',
  composer: '[data-testid="agent-composer"]',
};

/** Each question with the reply after it (if any yet). */
function turnsOf(messages: readonly AgentUIMessage[]) {
  const turns: Array<{ question: AgentUIMessage | null; reply: AgentUIMessage | null }> = [];
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

/** Why the last reply failed, by the server's code. */
function ChatErrorView({
  error,
  onRetry,
  onStartNew,
}: {
  error: Error;
  onRetry: () => void;
  onStartNew: () => void;
}) {
  const { renderQuota } = useAgentChatSlots();
  const code = chatErrorCode(error);
  if (code === "needs_model") return <NeedsModelCard />;
  if (code === "conversation_full") return <ConversationFull onStartNew={onStartNew} />;
  if (code === "quota_exceeded" && error instanceof ChatRequestError) {
    const card = renderQuota(error.details);
    if (card) return card;
  }
  return <ReplyError message={error.message} onRetry={onRetry} />;
}

/** One conversation with the agent: its messages, the starters before the first, the composer. */
export function AgentConversation({
  entry,
  agent,
  catalogueLoading,
  urlThreadId,
  href,
}: {
  entry: AgentChatEntry;
  agent: AgentView;
  catalogueLoading: boolean;
  urlThreadId: string | undefined;
  href: (threadId?: string) => string;
}) {
  const { messages, status, error, sendMessage, regenerate, stop, setMessages } = useChat({
    chat: entry.chat,
    experimental_throttle: STREAM_THROTTLE_MS,
  });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const draftRef = useRef<ComposerDraft>(null);
  const { renderWorkbench, renderComposerHint, parts } = useAgentChatSlots();
  // The agents' renderers, with the app layer's for the same types (the Python course's text).
  const renderers = useMemo(
    () => (parts ? { ...agentPartRenderers, ...parts } : agentPartRenderers),
    [parts],
  );
  const busy = status === "submitted" || status === "streaming";
  const turns = messages.filter((message) => message.role === "user").length;
  const full = !busy && turns >= MAX_AGENT_TURNS;
  const last = messages.at(-1);

  // The server named a new conversation: it gets its own URL (same chat, same stream).
  const serverThreadId = threadIdOf(messages);
  useEffect(() => {
    if (!serverThreadId) return;
    if (entry.threadId !== serverThreadId) nameAgentChat(entry, serverThreadId);
    if (urlThreadId === undefined) {
      const first = messages.find((message) => message.role === "user");
      seedNewThread(queryClient, serverThreadId, first ? messageText(first) : "");
      void navigate(href(serverThreadId), { replace: true });
    }
  }, [serverThreadId, entry, urlThreadId, navigate, href, queryClient, messages]);

  // A finished reply moves this agent to the front of "Recently used" and its conversation to
  // the top of the history (the sidebar's recent threads).
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      void queryClient.invalidateQueries({ queryKey: agentKeys.catalogue() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    }
    wasBusy.current = busy;
  }, [busy, queryClient]);

  // A new question scrolls to the top of the window, its reply growing below it (never under
  // the composer), as on the answer page.
  const listRef = useRef<HTMLDivElement>(null);
  const threadTurns = turnsOf(messages);
  const { pin, spaceRef } = usePinQuestion(listRef, threadTurns.length, PIN_TARGETS);
  // A saved conversation opens scrolled to its end (once).
  const [openedWith] = useState(threadTurns.length);
  const retrying = useLiveValue(entry.retrying);

  const { attachments, formProps: attachProps } = useComposerAttachments(inputRef);
  // The attached files ride on the message (a data-attachments part: its chips, and the fileIds
  // the chat's body sends).
  const sendWith = (text: string, files: readonly AnswerAttachment[]) =>
    void sendMessage(
      files.length > 0
        ? {
            parts: [
              { type: "data-attachments" as const, data: [...files] },
              { type: "text" as const, text },
            ],
          }
        : { text },
    );
  const ask = (text: string, files = attachments.attached) => {
    pin(threadTurns.length + 1);
    sendWith(text, files);
    attachments.clear();
  };
  // A question typed while a reply runs waits for it, visibly, and is sent when it ends.
  const queue = useQuestionQueue({
    busy,
    send: (question) => {
      if (!full && agent.available) ask(question.text, question.attachments);
    },
  });
  const send = (text: string) => {
    if (full || !agent.available) return;
    if (busy) {
      queue.enqueue({ text, attachments: attachments.attached });
      attachments.clear();
    } else ask(text);
  };
  // After a failure: the failed question (and whatever streamed) gives way to the same question.
  const retry = () => {
    if (busy) return;
    const lastUser = messages.map((message) => message.role).lastIndexOf("user");
    const question = messages[lastUser];
    if (!question) return;
    setMessages(messages.slice(0, lastUser));
    pin(threadTurns.length);
    sendWith(messageText(question), attachmentsOf(question));
  };
  const regenerateLast = () => {
    if (busy || last?.role !== "assistant") return;
    pin(threadTurns.length);
    void regenerate({ messageId: last.id });
  };
  // The last question, edited and sent again: its reply is regenerated from the edited text and
  // the server keeps the reply before as a version.
  const editLast = (text: string) => {
    if (busy || last?.role !== "assistant") return;
    const lastUser = messages.map((message) => message.role).lastIndexOf("user");
    setMessages(
      messages.map((message, index) =>
        index === lastUser
          ? {
              ...message,
              parts: message.parts.map((part) => (part.type === "text" ? { ...part, text } : part)),
            }
          : message,
      ),
    );
    pin(threadTurns.length);
    void regenerate({ messageId: last.id });
  };
  const startNew = () => void navigate(href());

  // A message refused for quota is not lost: it goes back into the composer, and off the page.
  const refused = useRef<Error | null>(null);
  useEffect(() => {
    if (status !== "error" || !error || refused.current === error) return;
    if (chatErrorCode(error) !== "quota_exceeded") return;
    refused.current = error;
    const lastUser = messages.map((message) => message.role).lastIndexOf("user");
    const question = messages[lastUser];
    if (!question) return;
    setMessages(messages.slice(0, lastUser));
    draftRef.current?.(messageText(question));
  }, [status, error, messages, setMessages]);

  const failed = status === "error" && error !== undefined;
  const replyStarted = last?.role === "assistant" && messageText(last) !== "";
  const statusText =
    busy && retrying && !replyStarted
      ? retryStatusText(retrying)
      : status === "submitted"
        ? `${agent.name} is thinking…`
        : status === "streaming"
          ? `${agent.name} is replying…`
          : "";

  let notice: ReactNode = null;
  if (failed) notice = <ChatErrorView error={error} onRetry={retry} onStartNew={startNew} />;
  else if (!agent.available) notice = <NeedsModelCard />;
  else if (full) notice = <ConversationFull onStartNew={startNew} />;

  const replyView = (message: AgentUIMessage, asked: AgentUIMessage | null, isLast: boolean) => {
    const stopped = message.metadata?.stopped === true;
    const saved =
      (serverThreadId ?? urlThreadId) && asked && !(busy && isLast) && !(failed && isLast)
        ? {
            threadId: serverThreadId ?? urlThreadId ?? "",
            query: messageText(asked),
            removeTurn: () =>
              setMessages((all) => all.filter((m) => m.id !== message.id && m.id !== asked.id)),
          }
        : null;
    return (
      <AgentReply
        message={message}
        streaming={busy && isLast}
        onRegenerate={isLast && !busy && !failed && agent.available ? regenerateLast : null}
        saved={stopped && messageText(message) === "" ? null : saved}
      />
    );
  };

  return (
    <ChatPartRenderers renderers={renderers}>
      {/* A saved conversation opens at its end; a new question is pinned (usePinQuestion). */}
      <ChatMessageList
        listRef={listRef}
        testId="agent-messages"
        className="gap-6"
        scrollKey={openedWith}
      >
        {messages.length === 0 && agent.form.length > 0 ? (
          <AgentForm fields={agent.form} disabled={!agent.available} onSubmit={send} />
        ) : null}
        {messages.length === 0 ? (
          <Starters
            agent={agent}
            loading={catalogueLoading}
            disabled={!agent.available}
            onPick={send}
          />
        ) : null}
        {threadTurns.map((turn, index) => {
          const isLastTurn = index === threadTurns.length - 1;
          const { question, reply } = turn;
          return (
            <div
              key={(question ?? reply)?.id}
              data-testid="agent-turn"
              className="flex scroll-mt-20 flex-col gap-6"
            >
              {question ? (
                <div className="flex flex-col gap-2">
                  {/* The files the question was asked with, just above it. */}
                  <div className="flex justify-end empty:hidden">
                    <QuestionAttachments files={attachmentsOf(question)} />
                  </div>
                  <UserBubble
                    message={question}
                    onEdit={
                      isLastTurn && reply === last && !busy && !failed && agent.available
                        ? editLast
                        : null
                    }
                  />
                </div>
              ) : null}
              {reply ? replyView(reply, question, reply === last) : null}
              {isLastTurn && status === "submitted" && last?.role === "user" ? (
                <TurnSkeleton testId="agent-pending" lines={PENDING_LINES} />
              ) : null}
              {isLastTurn ? notice : null}
            </div>
          );
        })}
        {threadTurns.length === 0 ? notice : null}
      </ChatMessageList>
      <div ref={spaceRef} aria-hidden="true" />
      {renderWorkbench?.({
        fillComposer: (text) => draftRef.current?.(text),
        composerDisabled: !agent.available || full,
      })}
      <AgentComposer
        draftRef={draftRef}
        agentName={agent.name}
        busy={busy}
        disabled={!agent.available || full}
        statusText={statusText}
        hint={messages.length === 0 ? renderComposerHint?.() : null}
        inputRef={inputRef}
        onSend={send}
        onStop={() => void stop()}
        attach={attachProps}
        below={
          queue.queued !== null ? (
            <Suspense fallback={null}>
              <LazyQueuedQuestion question={queue.queued.text} onCancel={queue.cancel} />
            </Suspense>
          ) : null
        }
      />
    </ChatPartRenderers>
  );
}
