import { useParams } from "react-router";
import { Page } from "@/components/ui/page.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { useSignInDialog } from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import { AcceptShare } from "@/features/custom-agents/components/accept-share.tsx";
import { CustomAgentsHub } from "@/features/custom-agents/components/custom-agents-hub.tsx";
import { SharedAgentWelcome } from "@/features/custom-agents/components/shared-agent-welcome.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { useSession } from "@/lib/session.tsx";
import { ComposerAttachProvider } from "./composer-attach.tsx";

/** /app/agents/custom */
export function CustomAgentsRoute() {
  const t = useT();
  return (
    <RequireSignIn area={t("customAgents.title")}>
      <Page title={t("customAgents.title")} description={t("customAgents.description")}>
        {/* The editor's Knowledge section uploads through the composers' attach client. */}
        <ComposerAttachProvider>
          <CustomAgentsHub />
        </ComposerAttachProvider>
      </Page>
    </RequireSignIn>
  );
}

/**
 * /app/agents/custom/shared/:token: a share link, taken by the signed-in person; someone not
 * signed in sees the agent's card and signs in from it (the link brings them back here).
 */
export function CustomAgentShareRoute() {
  const t = useT();
  const { token = "" } = useParams();
  const session = useSession();
  const { openSignInFor } = useSignInDialog();
  if (session.status === "loading") return <PageSpinner />;
  return (
    <Page title={t("customAgents.sharedTitle")} width="narrow">
      {session.status === "signed-in" ? (
        <AcceptShare token={token} />
      ) : (
        <SharedAgentWelcome token={token} onSignIn={openSignInFor} />
      )}
    </Page>
  );
}
