import { LogOut } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { useSignOut } from "../api/sign-out.ts";

export function SignOutButton(props: Omit<ButtonProps, "onClick" | "children">) {
  const t = useT();
  const signOut = useSignOut();
  return (
    <Button
      variant="outline"
      data-testid="sign-out"
      {...props}
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      {signOut.isPending ? (
        <Spinner className="size-4" />
      ) : (
        <LogOut className="size-4" aria-hidden="true" />
      )}
      {signOut.isPending ? t("account.signingOut") : t("account.signOut")}
    </Button>
  );
}
