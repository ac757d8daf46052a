import { Files } from "lucide-react";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { Page } from "@/components/ui/page.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

export function FilesRoute() {
  return (
    <RequireSignIn area="Files">
      <Page title="Files" description="Documents you add, ready to search and chat with.">
        <ComingSoon
          icon={Files}
          title="File uploads are not available yet"
          description="Adding files arrives in a later release of this Nexus server."
          upcoming={[
            "Upload PDFs, Word documents, web pages and text",
            "Search your files alongside the web",
            "Open any file in document chat",
          ]}
        />
      </Page>
    </RequireSignIn>
  );
}
