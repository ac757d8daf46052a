import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { useSession } from "@/lib/session.tsx";
import { useSignInDialog } from "../hooks/use-sign-in-dialog.tsx";

/** The prompt an anonymous visitor sees in a sign-in-only area (spec §6). */
export function SignInPrompt({ area }: { area: string }) {
  const t = useT();
  const { openSignIn } = useSignInDialog();
  const { loadFailed, retry } = useSession();
  return (
    <div
      data-testid="sign-in-prompt"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <title>{`${area} · Nexus`}</title>
      <div className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-fg">
        <Lock className="size-6" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{t("signIn.promptTitle", { area })}</h1>
      <p className="text-sm text-muted">{t("signIn.promptText", { area })}</p>
      <div className="mt-3 flex flex-wrap justify-center gap-2">
        <Button size="lg" onClick={openSignIn} data-testid="sign-in-prompt-button">
          {t("account.signIn")}
        </Button>
        {loadFailed ? (
          <Button size="lg" variant="outline" onClick={retry}>
            {t("signIn.retryAccount")}
          </Button>
        ) : null}
      </div>
      {loadFailed ? (
        <p role="alert" className="text-sm text-danger">
          {t("signIn.accountFailed")}
        </p>
      ) : null}
    </div>
  );
}

/** Shows the children to signed-in users, the sign-in prompt to everyone else. */
export function RequireSignIn({ area, children }: { area: string; children: ReactNode }) {
  const session = useSession();
  if (session.status === "loading") return <PageSpinner />;
  if (session.status !== "signed-in") return <SignInPrompt area={area} />;
  return children;
}
