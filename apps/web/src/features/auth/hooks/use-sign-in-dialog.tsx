import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { LazyBoundary } from "@/components/errors/lazy-boundary.tsx";
import { lazyComponent } from "@/lib/lazy-component.ts";

// Loaded on first use: it carries the e-mail validation, which no page needs up front.
const SignInDialog = lazyComponent(() =>
  import("../components/sign-in-dialog.tsx").then((module) => module.SignInDialog),
);

interface SignInDialogControls {
  openSignIn: () => void;
  /**
   * Opens it saying why signing in is needed here ("Sign in to attach files."); with `returnTo`
   * (an /app path), the e-mailed link opens that page, so the person comes back to it.
   */
  openSignInFor: (reason: string, returnTo?: string) => void;
}

const SignInDialogContext = createContext<SignInDialogControls | null>(null);

/** Hosts the one sign-in dialog of the app; any "Sign in" button opens it. */
export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [returnTo, setReturnTo] = useState<string | undefined>(undefined);
  const openSignInFor = useCallback((why: string | null, back?: string) => {
    setReason(why);
    setReturnTo(back);
    setUsed(true);
    setOpen(true);
  }, []);
  const controls = useMemo(
    () => ({ openSignIn: () => openSignInFor(null), openSignInFor }),
    [openSignInFor],
  );
  return (
    <SignInDialogContext.Provider value={controls}>
      {children}
      {used ? (
        <LazyBoundary fallback={null}>
          <SignInDialog open={open} onOpenChange={setOpen} reason={reason} returnTo={returnTo} />
        </LazyBoundary>
      ) : null}
    </SignInDialogContext.Provider>
  );
}

export function useSignInDialog(): SignInDialogControls {
  const controls = useContext(SignInDialogContext);
  if (!controls) throw new Error("useSignInDialog() needs a <SignInDialogProvider> above it.");
  return controls;
}
