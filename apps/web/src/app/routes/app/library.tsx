import { Library } from "lucide-react";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { Page } from "@/components/ui/page.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

export function LibraryRoute() {
  return (
    <RequireSignIn area="Library">
      <Page title="Library" description="Answers you bookmarked.">
        <ComingSoon
          icon={Library}
          title="The library is not available yet"
          description="Bookmarking answers arrives with the answer engine in a later release."
        />
      </Page>
    </RequireSignIn>
  );
}
