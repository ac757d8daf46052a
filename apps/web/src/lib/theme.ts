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
  mode: Mode;
  colorTheme: ColorTheme;
}

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

function systemPrefersDark(): boolean {
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches === true;
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
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, getThemePreference, getThemePreference);
}
