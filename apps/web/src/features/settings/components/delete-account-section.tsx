import type { UserProfile } from "@nexus/contracts";
import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { Section } from "@/components/ui/page.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useDeleteAccount } from "../api/delete-account.ts";

export const DELETE_CONFIRMATION_WORD = "DELETE";

/** The typed confirmation: the word DELETE, or the account's e-mail address. */
export function isDeleteConfirmed(typed: string, email: string): boolean {
  const value = typed.trim();
  return value === DELETE_CONFIRMATION_WORD || value.toLowerCase() === email.toLowerCase();
}

function DeleteAccountForm({ user, onCancel }: { user: UserProfile; onCancel: () => void }) {
  const t = useT();
  const [typed, setTyped] = useState("");
  const deletion = useDeleteAccount(user.id);
  const confirmed = isDeleteConfirmed(typed, user.email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !deletion.isPending) deletion.mutate();
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ul className="list-disc space-y-1 ps-5 text-sm text-muted">
        <li>{t("delete.removed")}</li>
        <li>{t("delete.signedOut")}</li>
        <li>{t("delete.permanent")}</li>
      </ul>
      <TextField
        label={t("delete.confirmLabel", { word: DELETE_CONFIRMATION_WORD })}
        name="confirmation"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      {deletion.isError ? (
        <Alert kind="error">
          {t("delete.notDeleted")} {errorMessage(deletion.error)}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={deletion.isPending}>
          {t("spec.cancel")}
        </Button>
        <Button type="submit" variant="danger" disabled={!confirmed || deletion.isPending}>
          {deletion.isPending ? <Spinner className="size-4" /> : null}
          {deletion.isPending ? t("delete.deleting") : t("delete.submit")}
        </Button>
      </div>
    </form>
  );
}

/** The danger zone: account deletion behind a typed confirmation. */
export function DeleteAccountSection({ user }: { user: UserProfile }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Section
      id="danger-zone"
      title={t("delete.title")}
      tone="danger"
      description={t("delete.description")}
    >
      <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account">
        <Trash2 className="size-4" aria-hidden="true" />
        {t("delete.button")}
      </Button>
      <DialogRoot open={open} onOpenChange={setOpen}>
        <DialogContent
          title={t("delete.button")}
          description={t("delete.dialogDescription", { email: user.email })}
          data-testid="delete-account-dialog"
        >
          <DeleteAccountForm user={user} onCancel={() => setOpen(false)} />
        </DialogContent>
      </DialogRoot>
    </Section>
  );
}
