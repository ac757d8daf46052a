import { Page } from "@/components/ui/page.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { FilesScreen } from "@/features/files/components/files-screen.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

export function FilesRoute() {
  const t = useT();
  return (
    <RequireSignIn area={t("files.title")}>
      <Page title={t("files.title")} description={t("files.description")}>
        <FilesScreen />
      </Page>
    </RequireSignIn>
  );
}
