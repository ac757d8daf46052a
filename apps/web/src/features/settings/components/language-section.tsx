import { LANGUAGE_NAMES, uiLanguageSchema } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert.tsx";
import { Section } from "@/components/ui/page.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { chooseInterfaceLanguage, useT } from "@/lib/i18n/i18n.ts";
import { fromBrowser, LOCALES } from "@/lib/i18n/locales.ts";
import { applyUiLanguage } from "@/lib/session.tsx";
import { useUpdatePersonalSettings } from "../api/personal-settings.ts";

/** The select's value for "no choice: the browser's language". */
const BROWSER = "browser";

function browserLanguages(): readonly string[] {
  return typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
}

/**
 * Settings → Language: the interface language, saved for the account (PATCH the user's settings)
 * and in this browser; applied at once. "Browser's language" forgets the choice.
 */
export function LanguageSection({
  userId,
  saved,
}: {
  userId: string;
  /** The account's choice (GET /api/me); null: none. */
  saved: (typeof LOCALES)[number] | null;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const update = useUpdatePersonalSettings(userId);
  const browserLocale = fromBrowser(browserLanguages()) ?? "en";
  const pending = update.isPending ? update.variables.uiLanguage : undefined;
  const value = pending !== undefined ? (pending ?? BROWSER) : (saved ?? BROWSER);
  const options = [
    {
      value: BROWSER,
      label: t("language.browser", { language: LANGUAGE_NAMES[browserLocale].native }),
    },
    ...LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code].native })),
  ];
  return (
    <Section id="language" title={t("language.title")} description={t("language.description")}>
      <div className="flex flex-col gap-2">
        <SelectField
          label={t("language.label")}
          options={options}
          value={value}
          disabled={update.isPending}
          data-testid="ui-language"
          className="max-w-xs"
          onChange={(event) => {
            const raw = event.target.value;
            const parsed = uiLanguageSchema.safeParse(raw);
            const choice = raw === BROWSER ? null : parsed.success ? parsed.data : undefined;
            if (choice === undefined) return;
            void chooseInterfaceLanguage(choice);
            update.mutate(
              { uiLanguage: choice },
              { onSuccess: (settings) => applyUiLanguage(queryClient, settings.uiLanguage) },
            );
          }}
        />
        <p className="text-xs text-muted">{t("language.hint")}</p>
        {update.isError ? (
          <Alert kind="error">
            {t("language.notSaved")} {errorMessage(update.error)}
          </Alert>
        ) : null}
      </div>
    </Section>
  );
}
