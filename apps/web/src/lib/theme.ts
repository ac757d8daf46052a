import {
  type ColorTheme,
  DEFAULT_COLOR_THEME,
  isColorTheme,
  MODES,
  type Mode,
  STORAGE_KEYS,
} from "@nexus/contracts";
import { useSyncExternalStore } from "react";
import { browserStorage, type KeyValueStorage, readItem, writeItem } from "./storage.ts";

/** Mirrored by public/theme-init.js, which applies the same result before first paint. */
export interface ThemePreference {
  /** The mode in force: the stored one, else the device's. */
  mode: Mode;
  colorTheme: ColorTheme;
}

/** What a person picks: a mode, or "system" (no stored mode: the device's, followed live). */
export type ModeChoice = Mode | "system";

export const COLOR_THEME_LABELS: Readonly<Record<ColorTheme, string>> = {
  indigo: "Indigo",
  lime: "Lime",
  blue: "Blue",
  green: "Green",
  purple: "Purple",
  monochrome: "Monochrome",
  perplexity: "Perplexity",
  orange: "Orange",
};

export function parseMode(raw: unknown): Mode | null {
  return typeof raw === "string" && (MODES as readonly string[]).includes(raw)
    ? (raw as Mode)
    : null;
}

/** Any value outside COLOR_THEMES is ignored in favour of the default (spec §5). */
export function parseColorTheme(raw: unknown): ColorTheme {
  return isColorTheme(raw) ? raw : DEFAULT_COLOR_THEME;
}

/** Stored values win; without a valid stored mode the system preference decides. */
export function resolveThemePreference(
  stored: { mode: unknown; colorTheme: unknown },
  prefersDark: boolean,
): ThemePreference {
  return {
    mode: parseMode(stored.mode) ?? (prefersDark ? "dark" : "light"),
    colorTheme: parseColorTheme(stored.colorTheme),
  };
}

export function readThemePreference(
  storage: KeyValueStorage | null,
  prefersDark: boolean,
): ThemePreference {
  return resolveThemePreference(
    {
      mode: readItem(storage, STORAGE_KEYS.mode),
      colorTheme: readItem(storage, STORAGE_KEYS.colorTheme),
    },
    prefersDark,
  );
}

export function applyThemePreference(root: HTMLElement, preference: ThemePreference): void {
  root.dataset.theme = preference.colorTheme;
  root.classList.toggle("dark", preference.mode === "dark");
  root.style.colorScheme = preference.mode;
}

const DARK_QUERY = "(prefers-color-scheme: dark)";

function systemPrefersDark(): boolean {
  return window.matchMedia?.(DARK_QUERY).matches === true;
}

/** "system" when no valid mode is stored (the device decides), else the stored mode. */
export function readModeChoice(storage: KeyValueStorage | null): ModeChoice {
  return parseMode(readItem(storage, STORAGE_KEYS.mode)) ?? "system";
}

// A tiny external store: the preference is global UI state shared by the sidebar and settings.
const listeners = new Set<() => void>();
let current: ThemePreference | null = null;

export function getThemePreference(): ThemePreference {
  current ??= readThemePreference(browserStorage(), systemPrefersDark());
  return current;
}

function update(next: ThemePreference): void {
  current = next;
  applyThemePreference(document.documentElement, next);
  for (const listener of listeners) listener();
}

export function setMode(mode: Mode): void {
  writeItem(browserStorage(), STORAGE_KEYS.mode, mode);
  update({ ...getThemePreference(), mode });
}

/** Picks a mode, or "system": the stored mode goes and the device's is followed from now on. */
export function setModeChoice(choice: ModeChoice): void {
  if (choice !== "system") {
    setMode(choice);
    return;
  }
  browserStorage()?.removeItem(STORAGE_KEYS.mode);
  update({ ...getThemePreference(), mode: systemPrefersDark() ? "dark" : "light" });
}

export function toggleMode(): void {
  setMode(getThemePreference().mode === "dark" ? "light" : "dark");
}

export function setColorTheme(colorTheme: ColorTheme): void {
  if (!isColorTheme(colorTheme)) return;
  writeItem(browserStorage(), STORAGE_KEYS.colorTheme, colorTheme);
  update({ ...getThemePreference(), colorTheme });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the preference: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.mode || event.key === STORAGE_KEYS.colorTheme) {
      update(readThemePreference(browserStorage(), systemPrefersDark()));
    }
  };
  window.addEventListener("storage", onStorage);
  // The device switches between light and dark: followed while no mode is stored.
  const media = window.matchMedia?.(DARK_QUERY);
  const onSystem = () => {
    if (readModeChoice(browserStorage()) === "system")
      update(readThemePreference(browserStorage(), systemPrefersDark()));
  };
  media?.addEventListener?.("change", onSystem);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
    media?.removeEventListener?.("change", onSystem);
  };
}

/** The mode as picked: "system", "light" or "dark" (settings' Mode choice). */
export function useModeChoice(): ModeChoice {
  useThemePreference(); // re-read whenever the preference changes
  return readModeChoice(browserStorage());
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, getThemePreference, getThemePreference);
}
