import { useChat } from "@ai-sdk/react";
import {
  type AgentCatalogueEntry,
  type AgentFormField,
  type AgentThreadResponse,
  MAX_AGENT_TURNS,
  PRESET_AGENT_INFO,
  type PresetAgentId,
} from "@nexus/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { historyKeys } from "@/lib/query-keys.ts";
import { useSession } from "@/lib/session.tsx";
import {
  agentKeys,
  agentsQueryOptions,
  isAgentThreadMissing,
  useAgentThread,
} from "../api/get-agents.ts";
import {
  type AgentChat as AgentChatEntry,
  findAgentChat,
  nameAgentChat,
  newAgentChat,
  openAgentChat,
} from "../lib/agent-chat-store.ts";
import { AgentRequestError, agentErrorCode } from "../lib/agent-fetch.ts";
import { messageText, threadIdOf, turnsToMessages } from "../lib/agent-message.ts";
import { useAgentChatSlots } from "./agent-chat-slots.tsx";
import {
  ConversationFull,
  ConversationNotFound,
  NeedsModelCard,
  ReplyError,
  ThreadSkeleton,
} from "./agent-chat-states.tsx";
import { AgentComposer, type ComposerDraft } from "./agent-composer.tsx";
import { AgentForm } from "./agent-form.tsx";
import { agentIcon } from "./agent-icons.ts";
import { AgentReply, UserBubble } from "./agent-reply.tsx";

const STREAM_THROTTLE_MS = 32;

/** What the chat knows of the agent: the catalogue's entry once loaded, contracts' line before. */
export interface AgentView {
  id: string;
  name: string;
  description: string;
  icon: string | undefined;
  starters: readonly string[];
  /** The structured helpers' fields (title-generator, email-response, letter-generator). */
  form: readonly AgentFormField[];
  /** False when the agent needs a model this server does not have. */
  available: boolean;
  /** Drawn instead of the icon in the header (a custom agent's emoji on its colour). */
  avatar?: ReactNode;
}

/**
 * Where a chat that is not a preset's talks to (a custom agent's): its chat URL, how a saved
 * conversation loads, and the app URLs of its conversations.
 */
export interface AgentChatEndpoint {
  /** The agent's id in the live chat store and the query cache ("custom:<id>"). */
  storeId: string;
  /** The full URL the chat posts to. */
  chatUrl: string;
  loadThread: (threadId: string, signal: AbortSignal) => Promise<AgentThreadResponse>;
  /** The app URL of a new conversation (no id) or of a saved one. */
  href: (threadId?: string) => string;
  backHref: string;
  backLabel: string;
}

/** How a preset's conversations are reached (the default of the chat). */
function presetEndpoint(agentId: PresetAgentId): Omit<AgentChatEndpoint, "loadThread" | "chatUrl"> {
  return {
    storeId: agentId,
    href: (threadId) => paths.app.presetAgent.href(agentId, threadId),
    backHref: paths.app.agents.href(),
    backLabel: "All agents",
  };
}

function agentView(id: PresetAgentId, entry: AgentCatalogueEntry | undefined): AgentView {
  return {
    id,
    name: entry?.name ?? PRESET_AGENT_INFO[id].name,
    description: entry?.description ?? PRESET_AGENT_INFO[id].description,
    icon: entry?.icon,
    starters: entry?.starters ?? [],
    form: entry?.form ?? [],
    available: entry?.available ?? true,
  };
}

function AgentHeader({
  agent,
  backHref,
  backLabel,
  actions,
}: {
  agent: AgentView;
  backHref: string;
  backLabel: string;
  actions?: ReactNode;
}) {
  const Icon = agentIcon(agent.icon);
  return (
    <header className="mb-6 flex items-start gap-3">
      {agent.avatar ?? (
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h1 className="text-xl font-semibold tracking-tight break-words sm:text-2xl">
          {agent.name}
        </h1>
        <p className="mt-0.5 text-sm text-muted">{agent.description}</p>
      </div>
      {actions}
      <Link
        to={backHref}
        className={buttonClasses({ variant: "ghost", size: "sm", className: "shrink-0" })}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{backLabel}</span>
      </Link>
    </header>
  );
}

/** Before the first message: the agent's starter prompts, each sent with a click. */
function Starters({
  agent,
  loading,
  disabled,
  onPick,
}: {
  agent: AgentView;
  loading: boolean;
  disabled: boolean;
  onPick: (text: string) => void;
}) {
  if (loading) {
    return (
      <div className="flex flex-wrap gap-2" aria-hidden="true">
        <Skeleton className="h-9 w-56 rounded-full" />
        <Skeleton className="h-9 w-44 rounded-full" />
        <Skeleton className="h-9 w-64 rounded-full" />
      </div>
    );
  }
  if (agent.starters.length === 0) return null;
  return (
    <section aria-labelledby="agent-starters-heading" className="flex flex-col gap-3">
      <h2 id="agent-starters-heading" className="text-sm font-medium text-muted">
        {agent.form.length > 0 ? "Or start from an example" : "Try asking"}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {agent.starters.map((starter) => (
          <li key={starter} className="max-w-full">
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(starter)}
              data-testid="agent-starter"
              className="max-w-full rounded-2xl border border-border bg-surface px-3.5 py-2 text-left text-sm text-fg transition-colors hover:border-accent/50 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50"
            >
              {starter}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
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
function AgentConversation({
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
  const { renderWorkbench } = useAgentChatSlots();
  const endRef = useRef<HTMLDivElement>(null);
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
    }
    wasBusy.current = busy;
  }, [busy, queryClient]);

  // A new message scrolls into view.
  useEffect(() => {
    if (turns > 0) endRef.current?.scrollIntoView?.({ block: "end" });
  }, [turns]);

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
    <>
      <div className="flex flex-col gap-6 pb-4" data-testid="agent-messages">
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
          <div className="flex flex-col gap-2" aria-hidden="true" data-testid="agent-pending">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ) : null}
        {notice}
        <div ref={endRef} aria-hidden="true" />
      </div>
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
        inputRef={inputRef}
        onSend={send}
        onStop={() => void stop()}
      />
    </>
  );
}

/** A custom agent's saved conversation (the preset's comes from useAgentThread). */
function useEndpointThread(
  endpoint: AgentChatEndpoint | undefined,
  threadId: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: agentKeys.thread(endpoint?.storeId ?? "none", threadId),
    queryFn: ({ signal }) => {
      if (!endpoint) throw new Error("no endpoint");
      return endpoint.loadThread(threadId, signal);
    },
    enabled: enabled && endpoint !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

/** A custom agent's chat: what it is, where it talks to, and what its header adds. */
export interface CustomAgentChatOptions {
  agent: AgentView;
  endpoint: AgentChatEndpoint;
  /** The agent's details are still loading (starters show as placeholders). */
  loading: boolean;
  /** Beside "back" in the header (the owner's Edit). */
  actions?: ReactNode;
}

/**
 * /app/agents/:agentId(/:threadId): a chat with a preset agent (or, given `custom`, with a custom
 * agent at its own endpoint). A new chat is named by the server with its first reply (the URL then
 * gains the conversation id); a named one is loaded and goes on.
 */
export function AgentChatScreen({
  agentId,
  threadId,
  custom,
}: { threadId: string | undefined } & (
  | { agentId: PresetAgentId; custom?: undefined }
  | { agentId?: undefined; custom: CustomAgentChatOptions }
)) {
  const session = useSession();
  const owner = session.user?.id ?? "anonymous";
  const location = useLocation();
  // A custom agent's chat has no use for the preset catalogue.
  const catalogue = useQuery({ ...agentsQueryOptions(), enabled: !custom });
  const endpoint = custom ? custom.endpoint : presetEndpoint(agentId);
  const storeId = endpoint.storeId;
  const chatUrl = custom?.endpoint.chatUrl;
  const agent = custom
    ? custom.agent
    : agentView(
        agentId,
        catalogue.data?.agents.find((entry) => entry.id === agentId),
      );
  const catalogueLoading = custom ? custom.loading : catalogue.isPending;
  const live = threadId === undefined ? undefined : findAgentChat(owner, storeId, threadId);
  const needThread = threadId !== undefined && !live;
  const presetThread = useAgentThread(agentId ?? "", threadId ?? "", needThread && !custom);
  const customThread = useEndpointThread(custom?.endpoint, threadId ?? "", needThread);
  const thread = custom ? customThread : presetThread;

  let body: ReactNode;
  if (threadId === undefined) {
    const entry = newAgentChat(owner, storeId, location.key, chatUrl);
    body = (
      <AgentConversation
        key={entry.key}
        entry={entry}
        agent={agent}
        catalogueLoading={catalogueLoading}
        urlThreadId={undefined}
        href={endpoint.href}
      />
    );
  } else if (live || thread.isSuccess) {
    const entry =
      live ??
      openAgentChat({
        owner,
        agentId: storeId,
        threadId,
        messages: thread.data ? turnsToMessages(thread.data) : [],
        chatUrl,
      });
    body = (
      <AgentConversation
        key={entry.key}
        entry={entry}
        agent={agent}
        catalogueLoading={catalogueLoading}
        urlThreadId={threadId}
        href={endpoint.href}
      />
    );
  } else if (thread.isError) {
    body = isAgentThreadMissing(thread.error) ? (
      <ConversationNotFound newHref={endpoint.href()} />
    ) : (
      <LoadError
        what="The conversation"
        error={thread.error}
        onRetry={() => void thread.refetch()}
      />
    );
  } else {
    body = <ThreadSkeleton />;
  }

  return (
    <div className="mx-auto flex min-h-[calc(100dvh-3.5rem)] w-full max-w-[calc(61ch+3rem)] flex-col px-4 pt-8 sm:px-6 md:min-h-dvh lg:pt-10">
      <title>{`${agent.name} · Nexus`}</title>
      <AgentHeader
        agent={agent}
        backHref={endpoint.backHref}
        backLabel={endpoint.backLabel}
        actions={custom?.actions}
      />
      {!custom && catalogue.isError ? (
        <div className="mb-4">
          <LoadError
            what="The agent's details"
            error={catalogue.error}
            onRetry={() => void catalogue.refetch()}
          />
        </div>
      ) : null}
      {body}
    </div>
  );
}
