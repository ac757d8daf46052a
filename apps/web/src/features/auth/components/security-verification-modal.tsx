import { MESSAGES, validateEmail } from "@nexus/contracts";
import * as RadixDialog from "@radix-ui/react-dialog";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { inputClasses } from "@/components/ui/text-field.tsx";
import { translateSpec, useT } from "@/lib/i18n/i18n.ts";

export interface SecurityVerificationModalProps {
  open: boolean;
  /** Completes the sign-in with the confirmed (trimmed, lower-cased) address; rejects on failure. */
  onVerify: (email: string) => Promise<void>;
  /** The user gave up: close and continue anonymously. */
  onCancel: () => void;
}

/**
 * Asks for the address when a sign-in link is opened on a device that has none stored (spec §2).
 * It cannot be closed while verifying, and a failed confirmation keeps it open.
 */
export function SecurityVerificationModal({
  open,
  onVerify,
  onCancel,
}: SecurityVerificationModalProps) {
  const t = useT();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verifying) return;
    const result = validateEmail(value);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setVerifying(true);
    try {
      await onVerify(result.email);
    } catch {
      setError(MESSAGES.verificationFailed);
    } finally {
      setVerifying(false);
    }
  };

  const cancel = () => {
    if (!verifying) onCancel();
  };

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) cancel();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          data-testid="security-verification-modal"
          aria-busy={verifying}
          onEscapeKeyDown={(event) => {
            if (verifying) event.preventDefault();
          }}
          // A stray click outside must not throw away the sign-in: only Cancel or Escape close it.
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl"
        >
          <div className="flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </div>
          <RadixDialog.Title className="mt-4 text-lg font-semibold tracking-tight">
            {t("spec.verifyTitle")}
          </RadixDialog.Title>
          <RadixDialog.Description className="mt-1.5 text-sm text-muted">
            {t("spec.verifyPrompt")}
          </RadixDialog.Description>
          <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={inputId} className="sr-only">
                {t("signIn.email")}
              </label>
              <input
                id={inputId}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                autoCapitalize="none"
                spellCheck={false}
                // biome-ignore lint/a11y/noAutofocus: the dialog exists only to ask for this value
                autoFocus
                placeholder={t("spec.verifyPlaceholder")}
                value={value}
                readOnly={verifying}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  setValue(event.target.value);
                  if (error) setError(null);
                }}
                className={inputClasses}
              />
              {error ? (
                <p id={errorId} role="alert" className="text-sm text-danger">
                  {translateSpec(error)}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={cancel} disabled={verifying}>
                {t("spec.cancel")}
              </Button>
              <Button type="submit" disabled={verifying}>
                {verifying ? <Spinner className="size-4" /> : null}
                {verifying ? t("spec.verifyBusy") : t("spec.verifyButton")}
              </Button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
