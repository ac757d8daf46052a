import {
  COMPANY_SIZES,
  DEPLOYMENT_PREFERENCES,
  LEAD_LIMITS,
  MAX_EMAIL_LENGTH,
} from "@nexus/contracts";
import { CircleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { TextField } from "@/components/ui/text-field.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { t, translateSpec, useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import { useSubmitLead } from "../api/submit-lead.ts";
import {
  FULL_NAME_REQUIRED,
  hasErrors,
  type LeadFormErrors,
  type LeadFormValues,
  toLeadRequest,
  validateLead,
} from "../lib/lead-form-values.ts";
import { TextAreaField } from "./text-area-field.tsx";

const sizeOptions = () =>
  COMPANY_SIZES.map((size) => ({ value: size, label: t("leads.people", { size }) }));
const deploymentOptions = () =>
  DEPLOYMENT_PREFERENCES.map((value) => ({ value, label: t(`leads.deployment.${value}`) }));

/** Field errors the server names in its issues (the form checks the same rules first). */
function serverFieldErrors(error: unknown): LeadFormErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors: LeadFormErrors = {};
  for (const issue of error.issues) {
    if (issue.path === "fullName") errors.fullName = issue.message;
    if (issue.path === "email") errors.email = issue.message;
  }
  return errors;
}

/** The book-a-demo form (spec §3 Lead). Validates like the server, then sends once. */
export function LeadForm({
  initial,
  onReceived,
}: {
  initial: LeadFormValues;
  onReceived: (values: LeadFormValues) => void;
}) {
  useT();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<LeadFormErrors>({});
  const submit = useSubmitLead();

  const set = (key: keyof LeadFormValues) => (value: string) => {
    setValues((old) => ({ ...old, [key]: value }));
    // An error clears as soon as the person edits that field (spec §5, like the e-mail modal).
    if (key === "fullName" || key === "email") {
      setErrors((old) => ({ ...old, [key]: undefined, summary: undefined }));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    const found = validateLead(values);
    setErrors(found);
    if (hasErrors(found)) {
      document.getElementById(found.fullName ? "lead-fullName" : "lead-email")?.focus();
      return;
    }
    submit.mutate(toLeadRequest(values), {
      onSuccess: () => onReceived(values),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  const summary = errors.summary ?? (submit.isError ? errorMessage(submit.error) : null);
  // A message in the interface's language: the spec's, and the form's own "full name" one.
  const said = (text: string | undefined) =>
    text === undefined
      ? undefined
      : text === FULL_NAME_REQUIRED
        ? t("leads.fullNameRequired")
        : translateSpec(text);
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="lead-form-title"
      data-testid="lead-form"
      className="rounded-2xl border border-border bg-surface p-5 shadow-xs sm:p-8"
    >
      <h2 id="lead-form-title" className="text-lg font-semibold">
        {t("leads.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {richT("leads.required", {
          mark: (
            <>
              <span aria-hidden="true">*</span>
              <span className="sr-only">{t("leads.requiredMark")}</span>
            </>
          ),
        })}
      </p>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField
          id="lead-fullName"
          label={t("leads.fullName")}
          name="fullName"
          autoComplete="name"
          required
          maxLength={LEAD_LIMITS.fullName}
          value={values.fullName}
          onChange={(e) => set("fullName")(e.target.value)}
          error={said(errors.fullName)}
        />
        <TextField
          id="lead-email"
          label={t("leads.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={MAX_EMAIL_LENGTH}
          value={values.email}
          onChange={(e) => set("email")(e.target.value)}
          error={said(errors.email)}
        />
        <TextField
          label={t("leads.company")}
          name="company"
          autoComplete="organization"
          maxLength={LEAD_LIMITS.company}
          value={values.company}
          onChange={(e) => set("company")(e.target.value)}
        />
        <TextField
          label={t("leads.jobTitle")}
          name="title"
          autoComplete="organization-title"
          maxLength={LEAD_LIMITS.title}
          value={values.title}
          onChange={(e) => set("title")(e.target.value)}
        />
        <SelectField
          label={t("leads.companySize")}
          name="companySize"
          placeholder={t("leads.chooseSize")}
          options={sizeOptions()}
          value={values.companySize}
          onChange={(e) => set("companySize")(e.target.value)}
        />
        <SelectField
          label={t("leads.deployment")}
          name="deploymentPreference"
          placeholder={t("leads.chooseOne")}
          options={deploymentOptions()}
          value={values.deploymentPreference}
          onChange={(e) => set("deploymentPreference")(e.target.value)}
        />
        <TextField
          label={t("leads.linkedin")}
          name="linkedinProfile"
          type="url"
          inputMode="url"
          placeholder="https://www.linkedin.com/in/…"
          maxLength={LEAD_LIMITS.linkedinProfile}
          value={values.linkedinProfile}
          onChange={(e) => set("linkedinProfile")(e.target.value)}
          className="sm:col-span-2"
        />
        <TextAreaField
          label={t("leads.message")}
          name="message"
          hint={t("leads.messageHint")}
          maxLength={LEAD_LIMITS.message}
          value={values.message}
          onChange={(e) => set("message")(e.target.value)}
          className="sm:col-span-2"
        />
        {/* Honeypot: off-screen and out of the tab order; people leave it empty, bots do not. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="lead-website">{t("leads.website")}</label>
          <input
            id="lead-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => set("website")(e.target.value)}
          />
        </div>
      </div>
      {summary ? (
        // On the surface colour, not Alert's tinted one: red on light red is under 4.5:1.
        <p
          role="alert"
          data-testid="lead-form-error"
          className="mt-6 flex items-center gap-2 rounded-lg border border-danger/40 bg-surface px-3 py-2.5 text-sm font-medium text-danger"
        >
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {said(summary ?? undefined)}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-sm text-xs text-subtle">{t("leads.privacy")}</p>
        <Button
          type="submit"
          size="lg"
          disabled={submit.isPending}
          data-testid="lead-submit"
          className="w-full sm:w-auto"
        >
          {submit.isPending ? <Spinner className="size-4" /> : null}
          {submit.isPending ? t("leads.sending") : t("leads.submit")}
        </Button>
      </div>
    </form>
  );
}
