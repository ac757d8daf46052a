import { Page } from "@/components/ui/page.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { UsageOverview } from "@/features/usage/components/usage-overview.tsx";

export function UsageRoute() {
  return (
    <RequireSignIn area="Usage">
      <Page title="Usage" description="What you have used in the current period." width="narrow">
        <UsageOverview />
      </Page>
    </RequireSignIn>
  );
}
