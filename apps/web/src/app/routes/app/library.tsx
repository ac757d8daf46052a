import { Page } from "@/components/ui/page.tsx";
import { focusModeOption } from "@/features/answer/lib/focus-modes.ts";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { LibraryScreen } from "@/features/library/components/library-screen.tsx";

export function LibraryRoute() {
  return (
    <RequireSignIn area="Library">
      <Page title="Library" description="Answers you bookmarked, newest first.">
        <LibraryScreen focusModeDisplay={focusModeOption} />
      </Page>
    </RequireSignIn>
  );
}
