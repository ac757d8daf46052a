import { COLOR_THEMES, STORAGE_KEYS } from "@nexus/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStorage } from "@/test/memory-storage.ts";
import themeInitSource from "../../public/theme-init.js?raw";
import {
  applyThemePreference,
  parseColorTheme,
  parseMode,
  readThemePreference,
  resolveThemePreference,
} from "./theme.ts";
import { SIDEBAR_COLLAPSED_KEY } from "./use-stored-state.ts";

describe("theme preference parsing", () => {
  it("accepts only light and dark as modes", () => {
    expect(parseMode("light")).toBe("light");
    expect(parseMode("dark")).toBe("dark");
    for (const bad of ["Dark", "dim", "", null, undefined, 1]) expect(parseMode(bad)).toBeNull();
  });

  it("accepts every allowed colour theme and ignores anything else (default indigo)", () => {
    for (const theme of COLOR_THEMES) expect(parseColorTheme(theme)).toBe(theme);
    for (const bad of ["pink", "Indigo", " lime", "", null, undefined, {}, 3]) {
      expect(parseColorTheme(bad)).toBe("indigo");
    }
  });

  it("uses the system preference only when no valid mode is stored", () => {
    expect(resolveThemePreference({ mode: null, colorTheme: null }, true)).toEqual({
      mode: "dark",
      colorTheme: "indigo",
    });
    expect(resolveThemePreference({ mode: "nonsense", colorTheme: "lime" }, false)).toEqual({
      mode: "light",
      colorTheme: "lime",
    });
    expect(resolveThemePreference({ mode: "light", colorTheme: "orange" }, true)).toEqual({
      mode: "light",
      colorTheme: "orange",
    });
  });

  it("reads the stored keys", () => {
    const storage = createMemoryStorage({
      [STORAGE_KEYS.mode]: "dark",
      [STORAGE_KEYS.colorTheme]: "perplexity",
    });
    expect(readThemePreference(storage, false)).toEqual({ mode: "dark", colorTheme: "perplexity" });
    expect(readThemePreference(null, false)).toEqual({ mode: "light", colorTheme: "indigo" });
  });
});

describe("public/theme-init.js", () => {
  afterEach(() => {
    document.documentElement.removeAttribute("data-theme");
    document.documentElement.className = "";
    document.documentElement.removeAttribute("style");
  });

  const cases: Array<[string | null, string | null]> = [
    [null, null],
    ["dark", "lime"],
    ["light", "monochrome"],
    ["dark", "pink"],
    ["sepia", "perplexity"],
    ["dark", "__proto__"],
  ];

  it.each(cases)("applies the same result as the app for mode=%s theme=%s", (mode, theme) => {
    if (mode !== null) window.localStorage.setItem(STORAGE_KEYS.mode, mode);
    if (theme !== null) window.localStorage.setItem(STORAGE_KEYS.colorTheme, theme);
    new Function(themeInitSource)();
    const fromScript = {
      theme: document.documentElement.dataset.theme,
      dark: document.documentElement.classList.contains("dark"),
      scheme: document.documentElement.style.colorScheme,
    };

    const expected = document.createElement("html");
    applyThemePreference(expected, readThemePreference(window.localStorage, false));
    expect(fromScript).toEqual({
      theme: expected.dataset.theme,
      dark: expected.classList.contains("dark"),
      scheme: expected.style.colorScheme,
    });
  });

  it("marks a collapsed sidebar for the loading frame, and nothing otherwise", () => {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, "1");
    new Function(themeInitSource)();
    expect(document.documentElement.dataset.sidebarBoot).toBe("collapsed");
    delete document.documentElement.dataset.sidebarBoot;
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, "0");
    new Function(themeInitSource)();
    expect(document.documentElement.dataset.sidebarBoot).toBeUndefined();
    window.localStorage.removeItem(SIDEBAR_COLLAPSED_KEY);
  });

  it("uses the same storage keys and theme list as the contracts", () => {
    expect(themeInitSource).toContain(`"${STORAGE_KEYS.mode}"`);
    expect(themeInitSource).toContain(`"${STORAGE_KEYS.colorTheme}"`);
    expect(themeInitSource).toContain(`"${SIDEBAR_COLLAPSED_KEY}"`);
    const list = /const THEMES = \[([^\]]*)\]/.exec(themeInitSource)?.[1] ?? "";
    expect([...list.matchAll(/"([^"]+)"/g)].map((match) => match[1])).toEqual([...COLOR_THEMES]);
  });
});
