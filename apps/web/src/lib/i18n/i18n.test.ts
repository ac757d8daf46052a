import { type AdminUsage, MESSAGES, STORAGE_KEYS } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import themeInitSource from "../../../public/theme-init.js?raw";
import { UsageSection } from "../../features/admin/components/usage-section.tsx";
import { formatRelativeTime } from "../relative-time.ts";
import {
  activateLocale,
  currentLocale,
  initialLocale,
  needCatalogue,
  pageLocale,
  t,
} from "./i18n.ts";
import { localeOfPath, localizedHref, stripLocale } from "./locale-paths.ts";
import { directionOf, LOCALES } from "./locales.ts";

// The web project's files share one module graph: leave the interface in English.
afterEach(() => activateLocale("en"));

const COUNTS = [0, 1, 2, 5, 11, 100];

describe("the interface's languages at run time", () => {
  it("reads the spec strings from their constants in English", () => {
    for (const [key, text] of Object.entries(MESSAGES))
      expect(t(`spec.${key}` as `spec.${keyof typeof MESSAGES}`)).toBe(text);
    expect(t("nav.home")).toBe("Home");
  });

  it("sets <html lang dir> and loads a language's catalogue when it is chosen", async () => {
    await activateLocale("ar");
    expect(currentLocale()).toBe("ar");
    expect(document.documentElement.lang).toBe("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(t("settings.title")).toBe("الإعدادات");
    expect(t("spec.cancel")).toBe("إلغاء");
    expect(t("home.greetingNamed", { name: "Layla" })).toBe("ماذا تريد أن تعرف يا Layla؟");
    expect(t("agentsHub.noMatch", { search: "xyz" })).toBe("لا يوجد وكلاء يطابقون «xyz»");
    await activateLocale("de");
    expect(document.documentElement.dir).toBe("ltr");
    expect(t("common.loadFailed", { what: "Deine Links" })).toBe(
      "Deine Links konnte nicht geladen werden.",
    );
  });

  it("says 0, 1, 2, 5, 11 and 100 threads as each language does", async () => {
    const said: Record<string, string[]> = {};
    for (const locale of LOCALES) {
      await activateLocale(locale);
      said[locale] = COUNTS.map((count) => t("history.threads", { count }));
    }
    expect(said).toEqual({
      en: ["0 threads", "1 thread", "2 threads", "5 threads", "11 threads", "100 threads"],
      de: ["0 Threads", "1 Thread", "2 Threads", "5 Threads", "11 Threads", "100 Threads"],
      fr: [
        "0 conversation",
        "1 conversation",
        "2 conversations",
        "5 conversations",
        "11 conversations",
        "100 conversations",
      ],
      es: [
        "0 conversaciones",
        "1 conversación",
        "2 conversaciones",
        "5 conversaciones",
        "11 conversaciones",
        "100 conversaciones",
      ],
      ja: [
        "0 件のスレッド",
        "1 件のスレッド",
        "2 件のスレッド",
        "5 件のスレッド",
        "11 件のスレッド",
        "100 件のスレッド",
      ],
      ar: ["لا توجد محادثات", "محادثة واحدة", "محادثتان", "5 محادثات", "11 محادثة", "100 محادثة"],
    });
  });

  it("says relative times with Intl in other languages, as before in English", async () => {
    const now = new Date("2026-12-04T12:00:00Z");
    const threeHoursAgo = "2026-12-04T09:00:00Z";
    expect(formatRelativeTime(threeHoursAgo, now)).toBe("3 hours ago");
    await activateLocale("de");
    expect(formatRelativeTime(threeHoursAgo, now)).toBe("vor 3 Stunden");
    expect(formatRelativeTime("2026-12-03T11:00:00Z", now)).toBe("gestern");
    await activateLocale("ja");
    expect(formatRelativeTime(threeHoursAgo, now)).toBe("3 時間前");
  });

  it("shows a lazily loaded screen in French once its part is loaded: the admin area's usage", async () => {
    const usage: AdminUsage = {
      month: "2026-12",
      day: "2026-12-05",
      searchesThisMonth: { free: 12345, pro: 6 },
      usersByTier: { free: 3, pro: 1 },
      anonymousSearchesToday: 7,
      anonymousVisitorsToday: 2,
      leadsByStatus: { new: 1, contacted: 0, qualified: 0, won: 2, lost: 0 },
    };
    vi.stubGlobal("fetch", async () => Response.json(usage));
    try {
      await needCatalogue("admin");
      await activateLocale("fr");
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(createElement(QueryClientProvider, { client }, createElement(UsageSection)));
      const overview = await screen.findByTestId("usage-overview");
      expect(overview).toHaveTextContent("Recherches ce mois-ci");
      expect(overview).toHaveTextContent("2026-12 (UTC), selon la formule actuelle du compte");
      expect(overview).toHaveTextContent("Anonymes aujourd’hui");
      expect(overview).toHaveTextContent("Gagné");
      expect(screen.getByTestId("usage-searches-free").textContent).toBe("12\u202f345");
      expect(overview).not.toHaveTextContent("Searches this month");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("public/theme-init.js's <html lang dir>, before the app's code", () => {
  afterEach(() => vi.restoreAllMocks());
  const cases: Array<[string | null, string[]]> = [
    ["ar", ["en-US"]],
    [null, ["ar-EG", "en"]],
    [null, ["pt-BR", "ja-JP"]],
    ["de", ["fr-FR"]],
    ["xx", ["es-419"]],
    [null, ["pt", "zh"]],
    ["__proto__", []],
  ];

  it.each(cases)("chooses as the app does for stored=%s browser=%j", (stored, browser) => {
    if (stored !== null) window.localStorage.setItem(STORAGE_KEYS.uiLanguage, stored);
    vi.spyOn(window.navigator, "languages", "get").mockReturnValue(browser);
    const root = document.documentElement;
    root.lang = "";
    root.dir = "";
    new Function(themeInitSource)();
    const locale = initialLocale();
    expect({ lang: root.lang, dir: root.dir }).toEqual({ lang: locale, dir: directionOf(locale) });
    expect(LOCALES).toContain(root.lang);
  });

  it("takes a public page's own language from its path (/ar/faq), as pageLocale does", () => {
    window.localStorage.setItem(STORAGE_KEYS.uiLanguage, "de");
    for (const [path, locale] of [
      ["/ar/faq", "ar"],
      ["/fr/", "fr"],
      ["/ja", "ja"],
      ["/en/faq", "de"],
      ["/faq", "de"],
      ["/app/ar", "de"],
    ] as const) {
      window.history.replaceState(null, "", path);
      new Function(themeInitSource)();
      expect(pageLocale(window.location.pathname), path).toBe(locale);
      expect([document.documentElement.lang, document.documentElement.dir], path).toEqual([
        locale,
        directionOf(locale),
      ]);
    }
    window.history.replaceState(null, "", "/");
    window.localStorage.removeItem(STORAGE_KEYS.uiLanguage);
  });

  it("knows the app's languages and their directions", () => {
    for (const locale of LOCALES) {
      window.localStorage.setItem(STORAGE_KEYS.uiLanguage, locale);
      new Function(themeInitSource)();
      expect([document.documentElement.lang, document.documentElement.dir]).toEqual([
        locale,
        directionOf(locale),
      ]);
    }
  });
});

describe("the public pages' addresses in each language (locale-paths.ts)", () => {
  it("puts a public page under its language's code, and leaves every other address as it is", () => {
    expect(localizedHref("/", "de")).toBe("/de/");
    expect(localizedHref("/faq#is-nexus-free", "fr")).toBe("/fr/faq#is-nexus-free");
    expect(localizedHref("/blog?tag=agents", "ar")).toBe("/ar/blog?tag=agents");
    expect(localizedHref("/de/blog/first", "ja")).toBe("/ja/blog/first");
    expect(localizedHref("/de/faq", "en")).toBe("/faq");
    expect(localizedHref("/de/", "en")).toBe("/");
    for (const other of [
      "/app",
      "/app/faq",
      "/share/abc",
      "/faqs",
      "https://x.example/faq",
      "//x/faq",
    ])
      expect(localizedHref(other, "de")).toBe(other);
    expect(localeOfPath("/fr")).toBe("fr");
    expect(localeOfPath("/en/faq")).toBeNull();
    expect(localeOfPath("/frx/faq")).toBeNull();
    expect(stripLocale("/ar/blog/x")).toBe("/blog/x");
  });
});
