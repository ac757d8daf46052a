import { validateEmail } from "@nexus/contracts";
import { ArrowLeft, MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { translateSpec, useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import { type RequestedLink, useRequestEmailLink } from "../api/request-email-link.ts";

function SignInForm({
  onSent,
  returnTo,
}: {
  onSent: (sent: RequestedLink) => void;
  returnTo?: string | undefined;
}) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const t = useT();
  const request = useRequestEmailLink();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const result = validateEmail(value);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    request.mutate(returnTo ? { email: result.email, next: returnTo } : { email: result.email }, {
      onSuccess: onSent,
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="sign-in-form">
      <TextField
        label={t("signIn.email")}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t("signIn.placeholder")}
        value={value}
        error={error === null ? null : translateSpec(error)}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(null);
        }}
      />
      <Button type="submit" size="lg" disabled={request.isPending} className="w-full">
        {request.isPending ? <Spinner className="size-4" /> : null}
        {request.isPending ? t("signIn.sending") : t("signIn.send")}
      </Button>
      <p className="text-center text-xs text-subtle">{t("signIn.noPassword")}</p>
    </form>
  );
}

function CheckEmail({ sent, onBack }: { sent: RequestedLink; onBack: () => void }) {
  const t = useT();
  const email = <strong className="font-medium text-fg">{sent.email}</strong>;
  return (
    <div data-testid="sign-in-check-email" className="flex flex-col items-center text-center">
      <div className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent-soft-fg">
        <MailCheck className="size-6" aria-hidden="true" />
      </div>
      <h3 className="mt-4 text-base font-semibold">{t("signIn.checkEmail")}</h3>
      {sent.status === "recently_sent" ? (
        <p role="status" className="mt-2 text-sm text-muted" data-testid="sign-in-recently-sent">
          {richT("signIn.recentlySent", { email }, { recent: t("spec.linkRecentlySent") })}
        </p>
      ) : (
        <p role="status" className="mt-2 text-sm text-muted">
          {richT("signIn.sent", { email })}
        </p>
      )}
      <div className="mt-6 flex w-full flex-col gap-2 sm:flex-row-reverse">
        <DialogClose asChild>
          <Button className="sm:flex-1">{t("signIn.done")}</Button>
        </DialogClose>
        <Button variant="outline" onClick={onBack} className="sm:flex-1">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t("signIn.differentEmail")}
        </Button>
      </div>
    </div>
  );
}

/**
 * The e-mail link sign-in dialog (accessible name "Sign in"); `reason` says why it opened (an
 * action that needs an account), in place of the general description.
 */
export function SignInDialog({
  open,
  onOpenChange,
  reason = null,
  returnTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reason?: string | null;
  /** An /app page the e-mailed link opens (the person comes back to it). */
  returnTo?: string | undefined;
}) {
  const t = useT();
  const [sentTo, setSentTo] = useState<RequestedLink | null>(null);
  return (
    <DialogRoot
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setSentTo(null);
      }}
    >
      <DialogContent
        title={t("signIn.title")}
        description={sentTo ? undefined : (reason ?? t("signIn.description"))}
        data-testid="sign-in-dialog"
      >
        {sentTo ? (
          <CheckEmail sent={sentTo} onBack={() => setSentTo(null)} />
        ) : (
          <SignInForm onSent={setSentTo} returnTo={returnTo} />
        )}
      </DialogContent>
    </DialogRoot>
  );
}
