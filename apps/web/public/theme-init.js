// Runs synchronously in <head> before first paint. Mirrors src/lib/theme.ts (kept in step by
// src/lib/theme.test.ts): a stored value outside the allowed lists is ignored. Then the interface
// language's <html lang dir>, as src/lib/i18n chooses it (pageLocale: a /de/… page's own, else
// this browser's choice, else its preference, else English; kept in step by
// src/lib/i18n/i18n.test.ts), so a right-to-left page is laid out right to left from its first
// paint. (A file, not an inline script: the CSP.)
(() => {
  const THEMES = [
    "indigo",
    "lime",
    "blue",
    "green",
    "purple",
    "monochrome",
    "perplexity",
    "orange",
  ];
  let mode = null;
  let theme = null;
  let sidebar = null;
  try {
    mode = window.localStorage.getItem("nexus.mode");
    theme = window.localStorage.getItem("nexus.colorTheme");
    sidebar = window.localStorage.getItem("nexus.sidebar.collapsed");
  } catch {
    // Storage can be unavailable (privacy settings); fall back to the defaults.
  }
  if (mode !== "light" && mode !== "dark") {
    const prefersDark = window.matchMedia?.("(prefers-color-scheme: dark)").matches === true;
    mode = prefersDark ? "dark" : "light";
  }
  if (THEMES.indexOf(theme) === -1) theme = "indigo";
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.classList.toggle("dark", mode === "dark");
  root.style.colorScheme = mode;
  // The loading frame draws the sidebar as the app will: a rail when it was collapsed.
  if (sidebar === "1") root.dataset.sidebarBoot = "collapsed";

  const LANGUAGES = ["en", "de", "fr", "es", "ja", "ar"];
  const RIGHT_TO_LEFT = ["ar"];
  let language = null;
  try {
    language = window.localStorage.getItem("nexus.uiLanguage");
  } catch {
    // No storage: the browser's preference.
  }
  // A public page in a language of its own (/de/faq) is in that language.
  const prefix = /^\/([a-z]{2})(?=\/|$)/.exec(window.location.pathname);
  if (prefix && prefix[1] !== "en" && LANGUAGES.indexOf(prefix[1]) !== -1) language = prefix[1];
  if (LANGUAGES.indexOf(language) === -1) {
    language = "en";
    const preferred = window.navigator.languages ?? [window.navigator.language];
    for (const tag of preferred) {
      const base = String(tag).trim().toLowerCase().split(/[-_]/)[0];
      if (LANGUAGES.indexOf(base) !== -1) {
        language = base;
        break;
      }
    }
  }
  root.lang = language;
  root.dir = RIGHT_TO_LEFT.indexOf(language) === -1 ? "ltr" : "rtl";
})();
