import { COLOR_THEMES, type ColorTheme } from "@nexus/contracts";
import { clsx } from "clsx";
import { Check, type LucideIcon, Monitor, Moon, Sun } from "lucide-react";
import { type Choice, ChoiceGroup } from "@/components/ui/choice-group.tsx";
import { Section } from "@/components/ui/page.tsx";
import { setHideUnsupported, useHideUnsupported } from "@/lib/chat/citation-preference.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import {
  type ModeChoice,
  setColorTheme,
  setModeChoice,
  useModeChoice,
  useThemePreference,
} from "@/lib/theme.ts";

const MODES: ReadonlyArray<{ value: ModeChoice; label: MessageId; icon: LucideIcon }> = [
  { value: "system", label: "appearance.system", icon: Monitor },
  { value: "light", label: "appearance.light", icon: Sun },
  { value: "dark", label: "appearance.dark", icon: Moon },
];

function modeOptions(t: (id: MessageId) => string): ReadonlyArray<Choice<ModeChoice>> {
  return MODES.map(({ value, label, icon: Icon }) => ({
    value,
    label: t(label),
    render: () => (
      <>
        <Icon className="size-4" aria-hidden="true" />
        {t(label)}
      </>
    ),
  }));
}

/** A colour theme's name in the interface's language (English: COLOR_THEME_LABELS). */
const themeLabel = (t: (id: MessageId) => string, theme: ColorTheme) =>
  t(`appearance.theme.${theme}` as MessageId);

const themeOptions = (t: (id: MessageId) => string): ReadonlyArray<Choice<ColorTheme>> =>
  COLOR_THEMES.map((theme) => ({
    value: theme,
    label: themeLabel(t, theme),
    render: (selected: boolean) => (
      <>
        <span
          data-theme={theme}
          aria-hidden="true"
          className="relative flex size-10 items-center justify-center rounded-full bg-accent shadow-inner ring-1 ring-black/10 dark:ring-white/15"
        >
          {selected ? <Check className="size-4 text-accent-fg" aria-hidden="true" /> : null}
        </span>
        <span className="text-xs">{themeLabel(t, theme)}</span>
      </>
    ),
  }));

/**
 * The mode (System follows the device, live; Light and Dark stay) and the colour theme, stored in
 * this browser only.
 */
export function AppearanceSection() {
  const t = useT();
  const preference = useThemePreference();
  const modeChoice = useModeChoice();
  const hideUnsupported = useHideUnsupported();
  return (
    <Section
      id="appearance"
      title={t("appearance.title")}
      description={t("appearance.description")}
    >
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium" id="mode-label">
            {t("appearance.mode")}
          </span>
          <ChoiceGroup
            label={t("appearance.mode")}
            value={modeChoice}
            options={modeOptions(t)}
            onChange={setModeChoice}
            testIdPrefix="mode-"
            className="inline-flex w-fit gap-1 rounded-xl bg-surface-2 p-1"
            optionClassName={(selected) =>
              clsx(
                "inline-flex h-9 items-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors",
                selected ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg",
              )
            }
          />
        </div>
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">{t("appearance.colourTheme")}</span>
          <ChoiceGroup
            label={t("appearance.colourTheme")}
            value={preference.colorTheme}
            options={themeOptions(t)}
            onChange={setColorTheme}
            testIdPrefix="theme-swatch-"
            className="grid grid-cols-4 gap-2"
            optionClassName={(selected) =>
              clsx(
                "flex flex-col items-center gap-1.5 rounded-xl border p-2 transition-colors",
                selected
                  ? "border-accent bg-accent-soft text-accent-soft-fg"
                  : "border-transparent text-muted hover:bg-surface-2 hover:text-fg",
              )
            }
          />
        </div>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            data-testid="hide-unsupported"
            checked={hideUnsupported}
            onChange={(event) => setHideUnsupported(event.target.checked)}
            className="mt-0.5 size-4 accent-accent"
          />
          <span>
            <span className="font-medium">{t("appearance.hideUnsupported")}</span>
            <span className="block text-xs text-muted">{t("appearance.hideUnsupportedHint")}</span>
          </span>
        </label>
      </div>
    </Section>
  );
}
