import { AgentChatPlaceholder } from "@/features/agents/components/agent-chat-placeholder.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

/** /app/agents/deepresearch/results */
export function DeepResearchResultsRoute() {
  return (
    <RequireSignIn area="Deep research">
      <AgentChatPlaceholder
        title="Research results"
        description="Your finished deep research reports."
      />
    </RequireSignIn>
  );
}
