import { Page } from "@/components/ui/page.tsx";
import { AgentsHub } from "@/features/agents/components/agents-hub.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

export function AgentsRoute() {
  return (
    <RequireSignIn area="Agents">
      <Page
        title="Agents"
        description="Specialised assistants for research, writing, learning, work and reflection."
        width="wide"
      >
        <AgentsHub />
      </Page>
    </RequireSignIn>
  );
}
