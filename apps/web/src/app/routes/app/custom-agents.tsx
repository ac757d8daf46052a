import { useParams } from "react-router";
import { Page } from "@/components/ui/page.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { AcceptShare } from "@/features/custom-agents/components/accept-share.tsx";
import { CustomAgentsHub } from "@/features/custom-agents/components/custom-agents-hub.tsx";

/** /app/agents/custom */
export function CustomAgentsRoute() {
  return (
    <RequireSignIn area="Custom agents">
      <Page title="Custom agents" description="Agents you define, with your own instructions.">
        <CustomAgentsHub />
      </Page>
    </RequireSignIn>
  );
}

/** /app/agents/custom/shared/:token: a share link, taken by the signed-in person. */
export function CustomAgentShareRoute() {
  const { token = "" } = useParams();
  return (
    <RequireSignIn area="Custom agents">
      <Page title="Shared agent" width="narrow">
        <AcceptShare token={token} />
      </Page>
    </RequireSignIn>
  );
}
