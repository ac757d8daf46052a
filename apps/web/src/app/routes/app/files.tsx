import { Page } from "@/components/ui/page.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { FilesScreen } from "@/features/files/components/files-screen.tsx";

export function FilesRoute() {
  return (
    <RequireSignIn area="Files">
      <Page title="Files" description="Documents you add, ready to search and chat with.">
        <FilesScreen />
      </Page>
    </RequireSignIn>
  );
}
