import { COLOR_THEMES, type ColorTheme } from "@nexus/contracts";
import { clsx } from "clsx";
import { Check, Monitor, Moon, Sun } from "lucide-react";
import { type Choice, ChoiceGroup } from "@/components/ui/choice-group.tsx";
import { Section } from "@/components/ui/page.tsx";
import { setHideUnsupported, useHideUnsupported } from "@/lib/chat/citation-preference.ts";
import {
  COLOR_THEME_LABELS,
  type ModeChoice,
  setColorTheme,
  setModeChoice,
  useModeChoice,
  useThemePreference,
} from "@/lib/theme.ts";

const MODE_OPTIONS: ReadonlyArray<Choice<ModeChoice>> = [
  {
    value: "system",
    label: "System",
    render: () => (
      <>
        <Monitor className="size-4" aria-hidden="true" />
        System
      </>
    ),
  },
  {
    value: "light",
    label: "Light",
    render: () => (
      <>
        <Sun className="size-4" aria-hidden="true" />
        Light
      </>
    ),
  },
  {
    value: "dark",
    label: "Dark",
    render: () => (
      <>
        <Moon className="size-4" aria-hidden="true" />
        Dark
      </>
    ),
  },
];

const THEME_OPTIONS: ReadonlyArray<Choice<ColorTheme>> = COLOR_THEMES.map((theme) => ({
  value: theme,
  label: COLOR_THEME_LABELS[theme],
  render: (selected: boolean) => (
    <>
      <span
        data-theme={theme}
        aria-hidden="true"
        className="relative flex size-10 items-center justify-center rounded-full bg-accent shadow-inner ring-1 ring-black/10 dark:ring-white/15"
      >
        {selected ? <Check className="size-4 text-accent-fg" aria-hidden="true" /> : null}
      </span>
      <span className="text-xs">{COLOR_THEME_LABELS[theme]}</span>
    </>
  ),
}));

/**
 * The mode (System follows the device, live; Light and Dark stay) and the colour theme, stored in
 * this browser only.
 */
export function AppearanceSection() {
  const preference = useThemePreference();
  const modeChoice = useModeChoice();
  const hideUnsupported = useHideUnsupported();
  return (
    <Section
      id="appearance"
      title="Appearance"
      description="Saved in this browser. Applies at once, on every page."
    >
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium" id="mode-label">
            Mode
          </span>
          <ChoiceGroup
            label="Mode"
            value={modeChoice}
            options={MODE_OPTIONS}
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
          <span className="text-sm font-medium">Colour theme</span>
          <ChoiceGroup
            label="Colour theme"
            value={preference.colorTheme}
            options={THEME_OPTIONS}
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
            <span className="font-medium">Hide unsupported sentences</span>
            <span className="block text-xs text-muted">
              Answers leave out sentences whose cited source does not say what they claim (their
              citation is marked “Not found in the source”).
            </span>
          </span>
        </label>
      </div>
    </Section>
  );
}
