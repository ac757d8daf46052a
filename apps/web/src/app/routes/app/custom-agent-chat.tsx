import { customAgentTools } from "@nexus/contracts";
import { Pencil } from "lucide-react";
import { useMemo, useState } from "react";
import { useParams } from "react-router";
import { QuotaCard } from "@/components/chat/quota-card.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import {
  type AgentChatEndpoint,
  AgentChatScreen,
} from "@/features/agents/components/agent-chat.tsx";
import {
  type AgentChatSlots,
  AgentChatSlotsContext,
  useAgentChatSlots,
} from "@/features/agents/components/agent-chat-slots.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { useSignInDialog } from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import {
  customAgentChatUrl,
  findCustomAgent,
  isMissing,
  useCustomAgent,
  useCustomAgents,
} from "@/features/custom-agents/api/custom-agents.ts";
import { AgentAvatar } from "@/features/custom-agents/components/agent-avatar.tsx";
import { KnowledgeBadge } from "@/features/custom-agents/components/agent-badges.tsx";
import { CustomAgentEditorDialog } from "@/features/custom-agents/components/custom-agent-editor.tsx";
import { QuotaLeftHint } from "@/features/usage/components/quota-left-hint.tsx";
import { privateFiles } from "@/lib/chat/file-sources.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { parseQuotaDetails } from "@/lib/quota-details.ts";
import { SavedReplyActions } from "./agent-reply-actions.tsx";
import { AgentThreadHeader } from "./agent-thread-header.tsx";
import { ComposerAttachProvider } from "./composer-attach.tsx";
import { AppNotFoundRoute } from "./not-found.tsx";

/**
 * The custom agent's chat: the preset chat at the custom agent's endpoint. Someone it is shared
 * with sees its owner's files cited by name and page, without the download only the owner can
 * open (as a share page shows an author's files).
 */
export function CustomAgentChat({
  agentId,
  threadId,
}: {
  agentId: string;
  threadId: string | undefined;
}) {
  const t = useT();
  const list = useCustomAgents();
  const [editing, setEditing] = useState(false);
  const slots = useAgentChatSlots();
  const holderSlots = useMemo<AgentChatSlots>(
    () => ({ ...slots, shownSources: privateFiles }),
    [slots],
  );
  const endpoint = useMemo<AgentChatEndpoint>(
    () => ({
      storeId: `custom:${agentId}`,
      chatUrl: customAgentChatUrl(agentId),
      href: (id) => paths.app.customAgentChat.href(agentId, id),
      backHref: paths.app.customAgents.href(),
      backLabel: t("customAgents.title"),
    }),
    [agentId, t],
  );
  const listed = findCustomAgent(list.data, agentId);
  const single = useCustomAgent(agentId, list.isSuccess && !listed);
  const agent = listed ?? single.data;
  if (agent === undefined) {
    if (list.isPending || (list.isSuccess && single.isPending)) return <PageSpinner />;
    const error = list.error ?? single.error;
    if (isMissing(single.error)) return <AppNotFoundRoute />;
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-8">
        <LoadError
          what={t("customAgents.agentWhat")}
          error={error}
          onRetry={() => void (list.isError ? list.refetch() : single.refetch())}
        />
      </div>
    );
  }
  return (
    <AgentChatSlotsContext value={agent.isOwner ? slots : holderSlots}>
      <AgentChatScreen
        threadId={threadId}
        custom={{
          endpoint,
          loading: false,
          agent: {
            id: agent.id,
            name: agent.name,
            description: agent.description,
            icon: undefined,
            starters: agent.starters,
            form: [],
            available: agent.available,
            tools: customAgentTools(agent),
            avatar: <AgentAvatar emoji={agent.emoji} color={agent.color} size="lg" />,
          },
          actions: (
            <>
              <span className="self-center">
                <KnowledgeBadge agent={agent} compact />
              </span>
              {agent.isOwner ? (
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                  <Pencil className="size-4" aria-hidden="true" />
                  <span className="max-sm:sr-only">{t("customAgents.edit")}</span>
                </Button>
              ) : null}
            </>
          ),
        }}
      />
      {agent.isOwner ? (
        <CustomAgentEditorDialog
          open={editing}
          agent={agent}
          onOpenChange={setEditing}
          onSaved={() => undefined}
        />
      ) : null}
    </AgentChatSlotsContext>
  );
}

/** /app/agents/custom/:agentId(/:threadId) */
export function CustomAgentChatRoute() {
  const t = useT();
  const { agentId = "", threadId } = useParams();
  const { openSignIn } = useSignInDialog();
  const slots = useMemo<AgentChatSlots>(
    () => ({
      renderQuota: (details) => {
        const quota = parseQuotaDetails(details);
        return quota ? <QuotaCard quota={quota} onSignIn={openSignIn} /> : null;
      },
      renderComposerHint: () => <QuotaLeftHint counter="agentUsage" />,
      renderReplyActions: (reply) => <SavedReplyActions reply={reply} onSignIn={openSignIn} />,
      renderThreadHeader: (thread) => <AgentThreadHeader thread={thread} onSignIn={openSignIn} />,
    }),
    [openSignIn],
  );
  return (
    <RequireSignIn area={t("customAgents.title")}>
      <ComposerAttachProvider>
        <AgentChatSlotsContext value={slots}>
          <CustomAgentChat agentId={agentId} threadId={threadId} />
        </AgentChatSlotsContext>
      </ComposerAttachProvider>
    </RequireSignIn>
  );
}
