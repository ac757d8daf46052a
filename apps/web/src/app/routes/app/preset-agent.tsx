import { isPresetAgentId, PRESET_AGENT_INFO } from "@nexus/contracts";
import { useMemo } from "react";
import { useParams } from "react-router";
import { QuotaCard } from "@/components/chat/quota-card.tsx";
import { AgentChatScreen } from "@/features/agents/components/agent-chat.tsx";
import {
  type AgentChatSlots,
  AgentChatSlotsContext,
} from "@/features/agents/components/agent-chat-slots.tsx";
import {
  PYTHON_COURSE_AGENT_ID,
  PythonWorkbenchProvider,
  pythonChatSlots,
} from "@/features/agents/python/python-workbench.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { useSignInDialog } from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import { QuotaLeftHint } from "@/features/usage/components/quota-left-hint.tsx";
import { parseQuotaDetails } from "@/lib/quota-details.ts";
import { SavedReplyActions } from "./agent-reply-actions.tsx";
import { AgentThreadHeader } from "./agent-thread-header.tsx";
import { ComposerAttachProvider } from "./composer-attach.tsx";
import { AppNotFoundRoute } from "./not-found.tsx";

/** /app/agents/:agentId(/:threadId) for the preset agents; any other id is not found. */
export function PresetAgentRoute() {
  const { agentId, threadId } = useParams();
  const { openSignIn } = useSignInDialog();
  // The agent chat shows a used-up quota as the answer page shows it, and saved replies' actions
  // (features do not import each other: the app layer hands these over).
  // The Python course adds Run buttons to its replies and the Python scratchpad.
  const python = agentId === PYTHON_COURSE_AGENT_ID;
  const slots = useMemo<AgentChatSlots>(() => {
    const base: AgentChatSlots = {
      renderQuota: (details) => {
        const quota = parseQuotaDetails(details);
        return quota ? <QuotaCard quota={quota} onSignIn={openSignIn} /> : null;
      },
      renderComposerHint: () => <QuotaLeftHint counter="agentUsage" />,
      renderReplyActions: (reply) => <SavedReplyActions reply={reply} onSignIn={openSignIn} />,
      renderThreadHeader: (thread) => <AgentThreadHeader thread={thread} onSignIn={openSignIn} />,
    };
    return python ? pythonChatSlots(base) : base;
  }, [openSignIn, python]);
  if (!isPresetAgentId(agentId)) return <AppNotFoundRoute />;
  const chat = <AgentChatScreen agentId={agentId} threadId={threadId} />;
  return (
    <RequireSignIn area={PRESET_AGENT_INFO[agentId].name}>
      <ComposerAttachProvider>
        <AgentChatSlotsContext value={slots}>
          {python ? <PythonWorkbenchProvider>{chat}</PythonWorkbenchProvider> : chat}
        </AgentChatSlotsContext>
      </ComposerAttachProvider>
    </RequireSignIn>
  );
}
