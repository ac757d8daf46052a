import { Wrench } from "lucide-react";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { Page } from "@/components/ui/page.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

export function CustomAgentsRoute() {
  return (
    <RequireSignIn area="Custom agents">
      <Page title="Custom agents" description="Agents you define, with your own instructions.">
        <ComingSoon
          icon={Wrench}
          title="Custom agents are not available yet"
          description="Creating your own agents arrives in a later release of this Nexus server."
          upcoming={[
            "Name, instructions and a starting message",
            "Optional web search and your files as knowledge",
          ]}
        />
      </Page>
    </RequireSignIn>
  );
}
