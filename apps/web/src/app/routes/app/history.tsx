import { Page } from "@/components/ui/page.tsx";
import { focusModeOption } from "@/features/answer/lib/focus-modes.ts";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { HistoryScreen } from "@/features/history/components/history-screen.tsx";

export function HistoryRoute() {
  return (
    <RequireSignIn area="History">
      <Page title="History" description="Your past threads, newest activity first.">
        <HistoryScreen focusModeDisplay={focusModeOption} />
      </Page>
    </RequireSignIn>
  );
}
