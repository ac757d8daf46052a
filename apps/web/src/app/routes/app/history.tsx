import { Page } from "@/components/ui/page.tsx";
import { focusModeDisplay } from "@/features/answer/lib/focus-modes.ts";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { HistoryScreen } from "@/features/history/components/history-screen.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

export function HistoryRoute() {
  const t = useT();
  return (
    <RequireSignIn area={t("history.title")}>
      <Page title={t("history.title")} description={t("history.description")}>
        <HistoryScreen focusModeDisplay={focusModeDisplay} />
      </Page>
    </RequireSignIn>
  );
}
