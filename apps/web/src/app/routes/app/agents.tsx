import type { ReactNode } from "react";
import { Page } from "@/components/ui/page.tsx";
import { AgentsHub } from "@/features/agents/components/agents-hub.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

export function AgentsRoute() {
  return (
    <RequireSignIn area="Agents">
      <AgentsPage>
        <AgentsHub />
      </AgentsPage>
    </RequireSignIn>
  );
}

/** The agents hub's page (also the server's first view of /app/agents). */
export function AgentsPage({ children }: { children: ReactNode }) {
  return (
    <Page
      title="Agents"
      description="Specialised assistants for research, writing, learning, work and reflection."
      width="wide"
    >
      {children}
    </Page>
  );
}
