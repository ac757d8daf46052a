import { LogOut } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { useSignOut } from "../api/sign-out.ts";

export function SignOutButton(props: Omit<ButtonProps, "onClick" | "children">) {
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
      {signOut.isPending ? "Signing out..." : "Sign out"}
    </Button>
  );
}
