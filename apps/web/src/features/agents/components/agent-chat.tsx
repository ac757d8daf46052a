import { type AgentCatalogueEntry, PRESET_AGENT_INFO, type PresetAgentId } from "@nexus/contracts";
import { useQuery } from "@tanstack/react-query";
import { SquarePen } from "lucide-react";
import { type ReactNode, useDeferredValue } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ChatColumn, ChatMessageList } from "@/components/chat/chat-layout.tsx";
import { LiveThreadBar } from "@/components/chat/thread/live-thread-bar.tsx";
import { ThreadLoadState } from "@/components/chat/thread/thread-load-state.tsx";
import { type SavedThread, useSavedThread } from "@/components/chat/thread/use-thread.ts";
import { buttonClasses } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { paths } from "@/config/paths.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { useSession } from "@/lib/session.tsx";
import { agentsQueryOptions } from "../api/get-agents.ts";
import { findAgentChat, newAgentChat, openAgentChat } from "../lib/agent-chat-store.ts";
import { type AgentUIMessage, messageText } from "../lib/agent-message.ts";
import { AgentHeader, type AgentView, Starters } from "./agent-chat-header.tsx";
import { useAgentChatSlots } from "./agent-chat-slots.tsx";
import { AgentConversation } from "./agent-conversation.tsx";

export type { AgentView } from "./agent-chat-header.tsx";

/**
 * Where a chat that is not a preset's talks to (a custom agent's): its chat URL and the app URLs
 * of its conversations (saved ones load through the one thread API, GET /api/threads/:id).
 */
export interface AgentChatEndpoint {
  /** The agent's id in the live chat store and the query cache ("custom:<id>"). */
  storeId: string;
  /** The full URL the chat posts to. */
  chatUrl: string;
  /** The app URL of a new conversation (no id) or of a saved one. */
  href: (threadId?: string) => string;
  backHref: string;
  backLabel: string;
}

/** What the chat frame needs of where the chat lives (a preset's posts to the default URL). */
type ChatPlace = Omit<AgentChatEndpoint, "chatUrl"> & { chatUrl?: string };

/** How a preset's conversations are reached (the default of the chat). */
function presetEndpoint(agentId: PresetAgentId): ChatPlace {
  return {
    storeId: agentId,
    href: (threadId) => paths.app.presetAgent.href(agentId, threadId),
    backHref: paths.app.agents.href(),
    backLabel: t("agentsHub.all"),
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
    tools: entry?.tools ?? [],
  };
}

/** This tab's live chat of the conversation in the URL, if it has one (else it is loaded). */
function useLiveChat(storeId: string, threadId: string | undefined) {
  const session = useSession();
  const owner = session.user?.id ?? "anonymous";
  const live = threadId === undefined ? undefined : findAgentChat(owner, storeId, threadId);
  return { owner, live, needThread: threadId !== undefined && !live };
}

/**
 * The saved conversation with the agent `storeId` (a preset's id, "custom:<id>") through the one
 * thread API; a thread of another kind or with another agent is not this one (missing).
 */
function useAgentThread(storeId: string, threadId: string | undefined) {
  const { needThread } = useLiveChat(storeId, threadId);
  return useSavedThread<AgentUIMessage>(threadId ?? "", {
    enabled: needThread,
    expected: { kind: "agent", subject: storeId },
  });
}

/**
 * The body every agent chat shares: the header, then the conversation — a new one, the live one of
 * this tab, or a saved one once loaded (its skeleton meanwhile, not-found or a load error).
 */
function AgentChatFrame({
  agent,
  place,
  threadId,
  thread,
  catalogueLoading,
  actions,
  above,
}: {
  agent: AgentView;
  place: ChatPlace;
  threadId: string | undefined;
  /** The saved conversation (asked for only when this tab has no live chat of it). */
  thread: SavedThread<AgentUIMessage>;
  catalogueLoading: boolean;
  actions?: ReactNode;
  /** Between the header and the conversation (the catalogue's load error). */
  above?: ReactNode;
}) {
  const { owner, live } = useLiveChat(place.storeId, threadId);
  const location = useLocation();
  const navigate = useNavigate();
  const { renderThreadHeader } = useAgentChatSlots();
  const { storeId, chatUrl } = place;
  // A saved conversation arrives as a query result, rendered at once: deferred, the skeleton stays
  // while the conversation is drawn in a transition (in slices, the page stays responsive).
  const loaded = thread.state === "ready" ? thread.messages : undefined;
  const saved = useDeferredValue(loaded);
  const bar = () =>
    threadId !== undefined && renderThreadHeader
      ? renderThreadHeader({
          threadId,
          firstQuery: firstQueryOf(loaded, live),
          onDeleted: () => void navigate(place.href()),
        })
      : null;

  let body: ReactNode;
  // (Until the deferred render, `saved` may still be another conversation's: it must be this one's.)
  const ready = loaded !== undefined && saved === loaded;
  if (threadId === undefined || live || ready) {
    const entry =
      threadId === undefined
        ? newAgentChat(owner, storeId, location.key, chatUrl)
        : (live ??
          openAgentChat({
            owner,
            agentId: storeId,
            threadId,
            messages: loaded ?? [],
            chatUrl,
          }));
    body = (
      <AgentConversation
        key={entry.key}
        entry={entry}
        agent={agent}
        catalogueLoading={catalogueLoading}
        urlThreadId={threadId}
        href={place.href}
      />
    );
  } else {
    body = <ThreadLoadState state={thread} newHref={place.href()} />;
  }

  return (
    <ChatColumn>
      <title>{`${agent.name} · Nexus`}</title>
      <AgentHeader
        agent={agent}
        backHref={place.backHref}
        backLabel={place.backLabel}
        actions={
          <>
            {actions}
            {threadId !== undefined ? <NewChatLink href={place.href()} /> : null}
          </>
        }
      />
      {above}
      {threadId !== undefined && renderThreadHeader && (live || thread.state === "ready") ? (
        // The thread's bar once the server has the conversation: a loaded one at once, a live one
        // of this tab once its first reply has ended (the URL has the id from the reply's start).
        live ? (
          <LiveThreadBar chat={live.chat} render={bar} />
        ) : (
          bar()
        )
      ) : null}
      {body}
    </ChatColumn>
  );
}

/** "New chat": a new conversation with the same agent. */
function NewChatLink({ href }: { href: string }) {
  return (
    <Link
      to={href}
      data-testid="agent-new-chat"
      className={buttonClasses({ variant: "outline", size: "sm", className: "shrink-0" })}
    >
      <SquarePen className="size-4" aria-hidden="true" />
      <span className="max-sm:sr-only">{t("agentChat.newChat")}</span>
    </Link>
  );
}

/** The conversation's first message: the saved one's, else the live chat's. */
function firstQueryOf(
  saved: readonly AgentUIMessage[] | undefined,
  live: ReturnType<typeof findAgentChat>,
): string {
  const first = (saved ?? live?.chat.messages)?.find((m) => m.role === "user");
  return first ? messageText(first) : "";
}

/** A preset agent's chat: the agent as the catalogue describes it. */
function PresetAgentChat({
  agentId,
  threadId,
}: {
  agentId: PresetAgentId;
  threadId: string | undefined;
}) {
  const catalogue = useQuery(agentsQueryOptions());
  const place = presetEndpoint(agentId);
  const thread = useAgentThread(place.storeId, threadId);
  return (
    <AgentChatFrame
      agent={agentView(
        agentId,
        catalogue.data?.agents.find((entry) => entry.id === agentId),
      )}
      place={place}
      threadId={threadId}
      thread={thread}
      catalogueLoading={catalogue.isPending}
      above={
        catalogue.isError ? (
          <div className="mb-4">
            <LoadError
              what={t("agentChat.details")}
              error={catalogue.error}
              onRetry={() => void catalogue.refetch()}
            />
          </div>
        ) : null
      }
    />
  );
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

/** A custom agent's chat, at its own endpoint (its saved conversations load as every thread does). */
function CustomAgentChat({
  threadId,
  custom,
}: {
  threadId: string | undefined;
  custom: CustomAgentChatOptions;
}) {
  const { endpoint } = custom;
  const thread = useAgentThread(endpoint.storeId, threadId);
  return (
    <AgentChatFrame
      agent={custom.agent}
      place={endpoint}
      threadId={threadId}
      thread={thread}
      catalogueLoading={custom.loading}
      actions={custom.actions}
    />
  );
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
  return custom ? (
    <CustomAgentChat threadId={threadId} custom={custom} />
  ) : (
    <PresetAgentChat agentId={agentId} threadId={threadId} />
  );
}

/**
 * A preset agent's new chat before its code and the catalogue have arrived (the server's first
 * view): the header, with an empty icon box (the icon comes with the code), and the starters.
 */
export function AgentChatFirstView({ agent }: { agent: AgentView }) {
  // (The way back is the same for every preset.)
  const place = presetEndpoint("quick-answer");
  return (
    <ChatColumn>
      <AgentHeader
        agent={{
          ...agent,
          avatar: (
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft" />
          ),
        }}
        backHref={place.backHref}
        backLabel={place.backLabel}
      />
      <ChatMessageList className="gap-6">
        {/* Until the app has taken over, a click could not send: the starters show, disabled. */}
        <Starters agent={agent} loading={false} disabled={true} onPick={() => undefined} />
      </ChatMessageList>
    </ChatColumn>
  );
}
