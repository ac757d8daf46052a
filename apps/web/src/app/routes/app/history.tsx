import { History } from "lucide-react";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { Page } from "@/components/ui/page.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

export function HistoryRoute() {
  return (
    <RequireSignIn area="History">
      <Page title="History" description="Your past conversations, newest activity first.">
        <ComingSoon
          icon={History}
          title="History is not available yet"
          description="Your conversations will be listed here once the answer engine is released."
        />
      </Page>
    </RequireSignIn>
  );
}
