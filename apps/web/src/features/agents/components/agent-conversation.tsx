import { useChat } from "@ai-sdk/react";
import { MAX_AGENT_TURNS } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { ChatMessageList, TurnSkeleton } from "@/components/chat/chat-layout.tsx";
import { ChatPartRenderers } from "@/components/chat/part-registry.tsx";
import { historyKeys, usageKeys } from "@/lib/query-keys.ts";
import { agentKeys } from "../api/get-agents.ts";
import { type AgentChat as AgentChatEntry, nameAgentChat } from "../lib/agent-chat-store.ts";
import { AgentRequestError, agentErrorCode } from "../lib/agent-fetch.ts";
import { messageText, threadIdOf } from "../lib/agent-message.ts";
import { type AgentView, Starters } from "./agent-chat-header.tsx";
import { useAgentChatSlots } from "./agent-chat-slots.tsx";
import { ConversationFull, NeedsModelCard, ReplyError } from "./agent-chat-states.tsx";
import { AgentComposer, type ComposerDraft } from "./agent-composer.tsx";
import { AgentForm } from "./agent-form.tsx";
import { agentPartRenderers } from "./agent-parts.tsx";
import { AgentReply, UserBubble } from "./agent-reply.tsx";

const STREAM_THROTTLE_MS = 32;
const PENDING_LINES = ["w-full", "w-3/4"] as const;

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
  const code = agentErrorCode(error);
  if (code === "needs_model") return <NeedsModelCard />;
  if (code === "conversation_full") return <ConversationFull onStartNew={onStartNew} />;
  if (code === "quota_exceeded" && error instanceof AgentRequestError) {
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
      void navigate(href(serverThreadId), { replace: true });
    }
  }, [serverThreadId, entry, urlThreadId, navigate, href]);

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

  const send = (text: string) => {
    if (busy || full || !agent.available) return;
    void sendMessage({ text });
  };
  // After a failure: the failed question (and whatever streamed) gives way to the same question.
  const retry = () => {
    if (busy) return;
    const lastUser = messages.map((message) => message.role).lastIndexOf("user");
    const question = messages[lastUser];
    if (!question) return;
    setMessages(messages.slice(0, lastUser));
    void sendMessage({ text: messageText(question) });
  };
  const regenerateLast = () => {
    if (busy || last?.role !== "assistant") return;
    void regenerate({ messageId: last.id });
  };
  const startNew = () => void navigate(href());

  // A message refused for quota is not lost: it goes back into the composer, and off the page.
  const refused = useRef<Error | null>(null);
  useEffect(() => {
    if (status !== "error" || !error || refused.current === error) return;
    if (agentErrorCode(error) !== "quota_exceeded") return;
    refused.current = error;
    const lastUser = messages.map((message) => message.role).lastIndexOf("user");
    const question = messages[lastUser];
    if (!question) return;
    setMessages(messages.slice(0, lastUser));
    draftRef.current?.(messageText(question));
  }, [status, error, messages, setMessages]);

  const failed = status === "error" && error !== undefined;
  const statusText =
    status === "submitted"
      ? `${agent.name} is thinking…`
      : status === "streaming"
        ? `${agent.name} is replying…`
        : "";

  let notice: ReactNode = null;
  if (failed) notice = <ChatErrorView error={error} onRetry={retry} onStartNew={startNew} />;
  else if (!agent.available) notice = <NeedsModelCard />;
  else if (full) notice = <ConversationFull onStartNew={startNew} />;

  return (
    <ChatPartRenderers renderers={renderers}>
      {/* A new message scrolls into view. */}
      <ChatMessageList testId="agent-messages" className="gap-6" scrollKey={turns}>
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
        {messages.map((message, index) => {
          const isLast = index === messages.length - 1;
          if (message.role === "user") return <UserBubble key={message.id} message={message} />;
          if (message.role !== "assistant") return null;
          const asked = messages[index - 1];
          const stopped = message.metadata?.stopped === true;
          const saved =
            (serverThreadId ?? urlThreadId) &&
            asked?.role === "user" &&
            !(busy && isLast) &&
            !(failed && isLast)
              ? {
                  threadId: serverThreadId ?? urlThreadId ?? "",
                  query: messageText(asked),
                  removeTurn: () =>
                    setMessages((all) =>
                      all.filter((m) => m.id !== message.id && m.id !== asked.id),
                    ),
                }
              : null;
          return (
            <AgentReply
              key={message.id}
              message={message}
              streaming={busy && isLast}
              onRegenerate={isLast && !busy && !failed && agent.available ? regenerateLast : null}
              saved={stopped && messageText(message) === "" ? null : saved}
            />
          );
        })}
        {status === "submitted" && last?.role === "user" ? (
          <TurnSkeleton testId="agent-pending" lines={PENDING_LINES} />
        ) : null}
        {notice}
      </ChatMessageList>
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
      />
    </ChatPartRenderers>
  );
}
