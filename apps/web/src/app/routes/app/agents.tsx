import { Page } from "@/components/ui/page.tsx";
import { AgentsHub } from "@/features/agents/components/agents-hub.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

export function AgentsRoute() {
  return (
    <RequireSignIn area="Agents">
      <Page
        title="Agents"
        description="Specialised assistants. Chatting with them arrives in a later release."
        width="wide"
      >
        <AgentsHub />
      </Page>
    </RequireSignIn>
  );
}
