import { MAX_AGENT_TURNS } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { QuestionAttachments } from "@/components/chat/attach/question-attachments.tsx";
import { useComposerAttachments } from "@/components/chat/attach/use-composer-attachments.tsx";
import { ThreadScreen } from "@/components/chat/thread/thread-screen.tsx";
import { threadStatusText, useThread } from "@/components/chat/thread/use-thread.ts";
import { ChatRequestError, chatErrorCode } from "@/lib/chat/chat-fetch.ts";
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
import { AgentToolsMenu } from "./agent-tools-menu.tsx";

/** A question and its reply: the part of the thread a new question scrolls into view. */
const PIN_TARGETS = {
  turn: '[data-testid="agent-turn"]',
  composer: '[data-testid="agent-composer"]',
};

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
  const { attachments, formProps: attachProps } = useComposerAttachments(inputRef);
  let full = false;
  const thread = useThread(entry, {
    pinTargets: PIN_TARGETS,
    canSend: () => !full && agent.available,
    // A finished reply moves this agent to the front of "Recently used" and its conversation to
    // the top of the history (the sidebar's recent threads).
    onReplyEnd: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.catalogue() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    },
  });
  const { messages, status, error, busy, failed, last, setMessages } = thread;
  const questions = messages.filter((message) => message.role === "user").length;
  full = !busy && questions >= MAX_AGENT_TURNS;

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

  // The attached files ride on the message (a data-attachments part: its chips, and the fileIds
  // the chat's body sends).
  const send = (text: string) => {
    thread.send(text, attachments.attached);
    attachments.clear();
  };
  const retry = () => thread.askAgain(attachmentsOf);
  const startNew = () => void navigate(href());

  // A message refused for quota is not lost: it goes back into the composer, and off the page.
  const refused = useRef<Error | null>(null);
  const { takeBackLast } = thread;
  useEffect(() => {
    if (status !== "error" || !error || refused.current === error) return;
    if (chatErrorCode(error) !== "quota_exceeded") return;
    refused.current = error;
    const question = takeBackLast();
    if (question) draftRef.current?.(messageText(question));
  }, [status, error, takeBackLast]);

  const statusText = threadStatusText(thread, {
    submitted: `${agent.name} is thinking…`,
    streaming: `${agent.name} is replying…`,
  });

  let notice: ReactNode = null;
  if (failed && error)
    notice = <ChatErrorView error={error} onRetry={retry} onStartNew={startNew} />;
  else if (!agent.available) notice = <NeedsModelCard />;
  else if (full) notice = <ConversationFull onStartNew={startNew} />;
  const canAct = !busy && !failed && agent.available;

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
        onRegenerate={isLast && canAct ? () => thread.regenerateLast() : null}
        saved={stopped && messageText(message) === "" ? null : saved}
      />
    );
  };

  return (
    <ThreadScreen
      thread={thread}
      slots={{
        renderers,
        // A saved conversation opens at its end; a new question is pinned (usePinQuestion).
        listTestId: "agent-messages",
        openAtEnd: true,
        turnTestId: "agent-turn",
        pendingTestId: "agent-pending",
        empty: (
          <>
            {agent.form.length > 0 ? (
              <AgentForm fields={agent.form} disabled={!agent.available} onSubmit={send} />
            ) : null}
            <Starters
              agent={agent}
              loading={catalogueLoading}
              disabled={!agent.available}
              onPick={send}
            />
          </>
        ),
        question: (question, { isLast }) => (
          <div className="flex flex-col gap-2">
            {/* The files the question was asked with, just above it. */}
            <div className="flex justify-end empty:hidden">
              <QuestionAttachments files={attachmentsOf(question)} />
            </div>
            <UserBubble
              message={question}
              onEdit={isLast && last?.role === "assistant" && canAct ? thread.editLast : null}
            />
          </div>
        ),
        reply: (reply, asked, { replyIsLast }) => replyView(reply, asked, replyIsLast),
        notice,
        beforeComposer: renderWorkbench?.({
          fillComposer: (text) => draftRef.current?.(text),
          composerDisabled: !agent.available || full,
        }),
        composer: (queued) => (
          <AgentComposer
            draftRef={draftRef}
            agentName={agent.name}
            busy={busy}
            disabled={!agent.available || full}
            statusText={statusText}
            hint={messages.length === 0 ? renderComposerHint?.() : null}
            inputRef={inputRef}
            onSend={send}
            onStop={thread.stop}
            attach={{
              ...attachProps,
              tools: (
                <>
                  <AgentToolsMenu
                    tools={agent.tools}
                    toolsOff={entry.toolsOff}
                    disabled={!agent.available || full}
                  />
                  {attachProps.tools}
                </>
              ),
            }}
            below={queued}
          />
        ),
      }}
    />
  );
}
