import type { ReactNode } from "react";
import { Page } from "@/components/ui/page.tsx";
import { AgentsHub } from "@/features/agents/components/agents-hub.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { t } from "@/lib/i18n/i18n.ts";

export function AgentsRoute() {
  return (
    <RequireSignIn area={t("agentChat.title")}>
      <AgentsPage>
        <AgentsHub />
      </AgentsPage>
    </RequireSignIn>
  );
}

/** The agents hub's page (also the server's first view of /app/agents). */
export function AgentsPage({ children }: { children: ReactNode }) {
  return (
    <Page title={t("agentChat.title")} description={t("agentChat.description")} width="wide">
      {children}
    </Page>
  );
}
