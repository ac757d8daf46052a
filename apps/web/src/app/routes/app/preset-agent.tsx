import { isPresetAgentId } from "@nexus/contracts";
import { useParams } from "react-router";
import { AgentChatPlaceholder } from "@/features/agents/components/agent-chat-placeholder.tsx";
import {
  presetAgentDescription,
  presetAgentName,
} from "@/features/agents/components/agent-names.ts";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { AppNotFoundRoute } from "./not-found.tsx";

/** /app/agents/:agentId(/:threadId) for the preset agents; any other id is not found. */
export function PresetAgentRoute() {
  const { agentId, threadId } = useParams();
  if (!isPresetAgentId(agentId)) return <AppNotFoundRoute />;
  const name = presetAgentName(agentId);
  return (
    <RequireSignIn area={name}>
      <AgentChatPlaceholder
        title={name}
        description={presetAgentDescription(agentId)}
        {...(threadId ? { threadId } : {})}
      />
    </RequireSignIn>
  );
}
