import { Page } from "@/components/ui/page.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { UsageOverview } from "@/features/usage/components/usage-overview.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

export function UsageRoute() {
  const t = useT();
  return (
    <RequireSignIn area={t("usage.title")}>
      <Page title={t("usage.title")} description={t("usage.description")} width="narrow">
        <UsageOverview />
      </Page>
    </RequireSignIn>
  );
}
