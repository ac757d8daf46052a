import { FILE_PASSWORD_MAX, FILE_PASSWORD_REQUIRED_MESSAGE } from "@nexus/contracts";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { useSubmitFilePassword } from "../api/submit-password.ts";

/**
 * A password-protected PDF: its password, to read it again. The password is sent once and never
 * kept by the page; a wrong one comes back as the file's error, with this form again.
 */
export function PasswordForm({ file }: { file: { id: string; name: string } }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitFilePassword();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password === "") return setError(FILE_PASSWORD_REQUIRED_MESSAGE);
    submit.mutate(
      { fileId: file.id, password },
      {
        onSuccess: () => setPassword(""),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-2 flex max-w-md flex-wrap items-start gap-2"
      data-testid="files-password-form"
    >
      <TextField
        label={t("files.passwordFor", { name: file.name })}
        hideLabel
        type="password"
        placeholder={t("files.passwordPlaceholder")}
        autoComplete="off"
        spellCheck={false}
        maxLength={FILE_PASSWORD_MAX}
        value={password}
        error={error}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(null);
        }}
        className="min-w-0 flex-1 basis-32"
      />
      <Button type="submit" variant="outline" disabled={submit.isPending}>
        <KeyRound className="size-4" aria-hidden="true" />
        {submit.isPending ? t("files.unlocking") : t("files.unlock")}
      </Button>
    </form>
  );
}
