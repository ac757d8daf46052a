import {
  ANSWER_LANGUAGE_LABELS,
  ANSWER_LANGUAGES,
  answerLanguageSchema,
  PERSONAL_INSTRUCTIONS_MAX,
  type PersonalSettings,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Section } from "@/components/ui/page.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { usePersonalSettings, useUpdatePersonalSettings } from "../api/personal-settings.ts";
import { counterOf, modelToldText } from "../lib/model-told.ts";

/** The answer languages in the menu: Auto in the interface's language, the others in their own. */
function languageOptions(autoLabel: string) {
  return ANSWER_LANGUAGES.map((value) => ({
    value,
    label: value === "auto" ? autoLabel : ANSWER_LANGUAGE_LABELS[value],
  }));
}

/**
 * Settings → Personalisation: the answer language and instructions about the person and how to
 * answer, stored for the account and added to every chat's system message (never to a share);
 * "What the model is told" shows the exact text.
 */
export function PersonalSection({ userId }: { userId: string }) {
  const t = useT();
  const settings = usePersonalSettings(userId);
  let body: ReactNode;
  if (settings.isPending)
    body = (
      <div className="flex flex-col gap-3" data-testid="personal-loading">
        <span role="status" className="sr-only">
          {t("personal.loading")}
        </span>
        <Skeleton className="h-10 w-56" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  else if (settings.isError)
    body = (
      <LoadError
        what={t("personal.what")}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  else body = <PersonalForm userId={userId} saved={settings.data} />;
  return (
    <Section id="personal" title={t("personal.title")} description={t("personal.description")}>
      {body}
    </Section>
  );
}

function PersonalForm({ userId, saved }: { userId: string; saved: PersonalSettings }) {
  const t = useT();
  const instructionsId = useId();
  const counterId = useId();
  const [draft, setDraft] = useState(saved.instructions);
  const save = useUpdatePersonalSettings(userId);
  const language = useUpdatePersonalSettings(userId);
  const [done, setDone] = useState<"saved" | "cleared" | null>(null);
  const dirty = draft.trim() !== saved.instructions;
  const counter = counterOf(draft.length, PERSONAL_INSTRUCTIONS_MAX);
  const told = modelToldText(
    saved,
    t("personal.toldAutoNote", { language: t("language.english") }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    save.mutate({ instructions: draft.trim() }, { onSuccess: () => setDone("saved") });
  };
  const clear = () => {
    setDone(null);
    setDraft("");
    save.mutate({ instructions: "" }, { onSuccess: () => setDone("cleared") });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <SelectField
          label={t("personal.answerLanguage")}
          options={languageOptions(t("personal.auto"))}
          value={(language.isPending && language.variables.answerLanguage) || saved.answerLanguage}
          disabled={language.isPending}
          data-testid="answer-language"
          className="max-w-xs"
          onChange={(event) => {
            const parsed = answerLanguageSchema.safeParse(event.target.value);
            if (parsed.success) language.mutate({ answerLanguage: parsed.data });
          }}
        />
        <p className="text-xs text-muted">{t("personal.answerLanguageHint")}</p>
        {language.isError ? (
          <Alert kind="error">
            {t("personal.answerLanguageNotSaved")} {errorMessage(language.error)}
          </Alert>
        ) : null}
      </div>
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-2"
        data-testid="personal-form"
      >
        <label htmlFor={instructionsId} className="text-sm font-medium">
          {t("personal.instructionsLabel")}
        </label>
        <textarea
          id={instructionsId}
          value={draft}
          maxLength={PERSONAL_INSTRUCTIONS_MAX}
          rows={6}
          aria-describedby={counterId}
          placeholder={t("personal.placeholder")}
          onChange={(event) => {
            setDraft(event.target.value);
            setDone(null);
            if (save.isError) save.reset();
          }}
          className="min-h-32 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg shadow-xs placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0"
          data-testid="personal-instructions"
        />
        <p
          id={counterId}
          aria-live="polite"
          className={clsx("text-end text-xs", counter.near ? "text-danger" : "text-subtle")}
          data-testid="personal-counter"
        >
          {t("personal.counter", { label: counter.label })}
        </p>
        {save.isError ? (
          <Alert kind="error">
            {t("personal.notSaved")} {errorMessage(save.error)}
          </Alert>
        ) : null}
        {done === "saved" ? <Alert kind="success">{t("personal.saved")}</Alert> : null}
        {done === "cleared" ? <Alert kind="success">{t("personal.cleared")}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            onClick={clear}
            disabled={save.isPending || (draft === "" && saved.instructions === "")}
          >
            {t("personal.clear")}
          </Button>
          <Button type="submit" disabled={save.isPending || !dirty}>
            {save.isPending ? <Spinner className="size-4" /> : null}
            {save.isPending ? t("common.saving") : t("personal.save")}
          </Button>
        </div>
      </form>
      <details
        className="rounded-xl border border-border bg-surface-2/50 p-3 text-sm"
        data-testid="model-told"
      >
        <summary className="cursor-pointer font-medium">{t("personal.told")}</summary>
        <p className="mt-2 text-xs text-muted">
          {t("personal.toldExplain")}
          {dirty ? t("personal.toldSaveToApply") : ""}
        </p>
        {told.note ? <p className="mt-1 text-xs text-muted">{told.note}</p> : null}
        <pre
          className="mt-2 max-h-80 overflow-auto rounded-lg bg-surface p-3 text-xs break-words whitespace-pre-wrap text-fg"
          data-testid="model-told-text"
        >
          {told.text}
        </pre>
      </details>
    </div>
  );
}
