import { useParams } from "react-router";
import { AgentChatPlaceholder } from "@/features/agents/components/agent-chat-placeholder.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

/** /app/agents/custom/:agentId(/:threadId) */
export function CustomAgentChatRoute() {
  const { threadId } = useParams();
  return (
    <RequireSignIn area="Custom agents">
      <AgentChatPlaceholder
        title="Custom agent"
        description="An agent defined by you."
        {...(threadId ? { threadId } : {})}
      />
    </RequireSignIn>
  );
}
