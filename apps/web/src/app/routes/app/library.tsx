import { Page } from "@/components/ui/page.tsx";
import { focusModeDisplay } from "@/features/answer/lib/focus-modes.ts";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { LibraryScreen } from "@/features/library/components/library-screen.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

export function LibraryRoute() {
  const t = useT();
  return (
    <RequireSignIn area={t("library.title")}>
      <Page title={t("library.title")} description={t("library.description")}>
        <LibraryScreen focusModeDisplay={focusModeDisplay} />
      </Page>
    </RequireSignIn>
  );
}
