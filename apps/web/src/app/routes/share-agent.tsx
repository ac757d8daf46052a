import type { SharedAgent, SharedThreadMessage } from "@nexus/contracts";
import { ChatPartRenderers, MessageParts } from "@/components/chat/part-registry.tsx";
import { agentIcon } from "@/features/agents/components/agent-icons.ts";
import { agentPartRenderers } from "@/features/agents/components/agent-parts.tsx";
import { SourcesStrip } from "@/features/answer/components/sources-strip.tsx";
import { AgentAvatar } from "@/features/custom-agents/components/agent-avatar.tsx";
import { privateFiles } from "@/lib/chat/file-sources.ts";
import { t } from "@/lib/i18n/i18n.ts";

/** Who a shared conversation is with: the preset's icon or the custom agent's avatar, and name. */
export function SharedAgentBadge({ agent }: { agent: SharedAgent }) {
  const Icon = agentIcon(agent.icon);
  return (
    <div className="flex items-center gap-3" data-testid="shared-agent">
      {agent.emoji && agent.color ? (
        <AgentAvatar emoji={agent.emoji} color={agent.color} />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0">
        <p className="text-xs text-muted">{t("shares.page.withAgent")}</p>
        <p className="font-semibold break-words" data-testid="shared-agent-name">
          {agent.name}
        </p>
      </div>
    </div>
  );
}

/**
 * One shared turn of an agent conversation: the question, then the reply's parts as the agent chat
 * draws them (reasoning, tool blocks, text), read-only, and its sources (author's files unlinked).
 */
export function SharedAgentTurn({
  message,
  index,
}: {
  message: SharedThreadMessage & { parts: NonNullable<SharedThreadMessage["parts"]> };
  index: number;
}) {
  const Heading = index === 0 ? "h1" : "h2";
  const sources = privateFiles(message.sources);
  return (
    <>
      <Heading className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
        {message.query}
      </Heading>
      <div className="flex min-w-0 flex-col gap-4" data-testid="shared-agent-reply">
        <ChatPartRenderers renderers={agentPartRenderers}>
          <MessageParts
            parts={message.parts}
            streaming={false}
            sources={sources}
            headingBase={index === 0 ? 2 : 3}
          />
        </ChatPartRenderers>
        <SourcesStrip sources={sources} />
      </div>
    </>
  );
}
