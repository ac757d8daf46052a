// Runs synchronously in <head> before first paint. Mirrors src/lib/theme.ts (kept in step by
// src/lib/theme.test.ts): a stored value outside the allowed lists is ignored.
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
})();
