import type { UserProfile } from "@nexus/contracts";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Section } from "@/components/ui/page.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

/** Name and organisation name (PATCH /api/users/:id). */
export function ProfileSection({ user }: { user: UserProfile }) {
  const t = useT();
  const [name, setName] = useState(user.name);
  const [orgName, setOrgName] = useState(user.orgName ?? "");
  const [nameError, setNameError] = useState<string | null>(null);
  const update = useUpdateProfile(user.id);

  const dirty = name.trim() !== user.name || (orgName.trim() || null) !== (user.orgName ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedName = name.trim();
    if (trimmedName === "") {
      setNameError(t("profile.nameRequired"));
      return;
    }
    setNameError(null);
    update.mutate({ name: trimmedName, orgName: orgName.trim() || null });
  };

  return (
    <Section id="profile" title={t("profile.title")} description={t("profile.description")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="profile-form">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium">{t("profile.email")}</span>
          <span className="text-sm text-muted" data-testid="profile-email">
            {user.email}
          </span>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("profile.name")}
            name="name"
            autoComplete="name"
            maxLength={100}
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.target.value);
              if (nameError) setNameError(null);
              if (update.isSuccess || update.isError) update.reset();
            }}
          />
          <TextField
            label={t("profile.organisation")}
            name="orgName"
            autoComplete="organization"
            maxLength={200}
            value={orgName}
            hint={t("profile.organisationHint")}
            onChange={(event) => {
              setOrgName(event.target.value);
              if (update.isSuccess || update.isError) update.reset();
            }}
          />
        </div>
        {update.isError ? (
          <Alert kind="error">
            {t("profile.notSaved")} {errorMessage(update.error)}
          </Alert>
        ) : null}
        {update.isSuccess ? <Alert kind="success">{t("profile.saved")}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending || !dirty}>
            {update.isPending ? <Spinner className="size-4" /> : null}
            {update.isPending ? t("common.saving") : t("profile.save")}
          </Button>
        </div>
      </form>
    </Section>
  );
}
