import enPublic from "virtual:nexus-catalogue/en/public";
import { i18n, type Messages } from "@lingui/core";
import { STORAGE_KEYS } from "@nexus/contracts";
import { useSyncExternalStore } from "react";
import type enSource from "../../locales/en.json";
import { browserStorage, readItem, removeItem, writeItem } from "../storage.ts";
import { CATALOGUE_PARTS, type CataloguePart } from "./catalogue-parts.ts";
import { localeOfPath } from "./locale-paths.ts";
import { chooseLocale, DEFAULT_LOCALE, directionOf, type Locale } from "./locales.ts";
import { SPEC_STRINGS, type SpecKey } from "./spec-strings.ts";

/**
 * The interface language at run time: Lingui's core with catalogues compiled at build time
 * (build/catalogue-plugin.ts), each in two parts (catalogue-parts.ts): the public part, which every
 * page reads, and the app's, which a page asks for with `needCatalogue("app")` (src/main.tsx, for
 * any page but the landing page). English's public part is part of this module (no fetch); every
 * other part is its own chunk, loaded when that language and part are needed, over English (a key
 * it lacked would read in English, though scripts/check-catalogues.ts lets none lack one).
 *
 * The spec's strings (MESSAGES in @nexus/contracts, spec-strings.ts) are English's `spec.<key>`
 * messages taken from those constants, so their English text is still the one constant's.
 */

/** Every message key: the English catalogue's and the spec strings'. */
export type MessageId = keyof typeof enSource | `spec.${SpecKey}`;
export type MessageValues = Record<string, string | number>;

export const SPEC_PREFIX = "spec.";

/** The spec strings as English messages (plain text: a one-part compiled message each). */
export function specMessages(): Messages {
  return Object.fromEntries(
    Object.entries(SPEC_STRINGS).map(([key, text]) => [`${SPEC_PREFIX}${key}`, [text]]),
  );
}

type Loader = () => Promise<{ default: Messages }>;
/** The first pages' parts; a screen's own part comes from screen-catalogues.ts, fetched with it. */
const loaders: Record<Locale, Record<"public" | "app", Loader | null>> = {
  en: {
    public: null,
    app: () => import("virtual:nexus-catalogue/en/app"),
  },
  de: {
    public: () => import("virtual:nexus-catalogue/de/public"),
    app: () => import("virtual:nexus-catalogue/de/app"),
  },
  fr: {
    public: () => import("virtual:nexus-catalogue/fr/public"),
    app: () => import("virtual:nexus-catalogue/fr/app"),
  },
  es: {
    public: () => import("virtual:nexus-catalogue/es/public"),
    app: () => import("virtual:nexus-catalogue/es/app"),
  },
  ja: {
    public: () => import("virtual:nexus-catalogue/ja/public"),
    app: () => import("virtual:nexus-catalogue/ja/app"),
  },
  ar: {
    public: () => import("virtual:nexus-catalogue/ar/public"),
    app: () => import("virtual:nexus-catalogue/ar/app"),
  },
};

/** Each language's messages loaded so far (its parts merged). */
const own = new Map<Locale, Messages>([[DEFAULT_LOCALE, { ...enPublic, ...specMessages() }]]);
/** The parts this page reads (the public one always). */
const wanted = new Set<CataloguePart>(["public"]);
/** `locale/part` → its load (a failed one is forgotten, so a later call tries again). */
const loads = new Map<string, Promise<void>>([[`${DEFAULT_LOCALE}/public`, Promise.resolve()]]);

function loadPart(locale: Locale, part: CataloguePart): Promise<void> {
  const id = `${locale}/${part}`;
  let load = loads.get(id);
  if (!load) {
    const loader =
      part === "public" || part === "app"
        ? loaders[locale][part]
        : () => import("./screen-catalogues.ts").then((m) => m.screenCatalogue(locale, part));
    load = (loader ? loader() : Promise.resolve({ default: {} })).then(({ default: messages }) => {
      own.set(locale, { ...own.get(locale), ...messages });
    });
    load.catch(() => loads.delete(id));
    loads.set(id, load);
  }
  return load;
}

/** Every wanted part of `locale` and of English (the fallback under it). */
async function loadWanted(locale: Locale): Promise<void> {
  const locales = locale === DEFAULT_LOCALE ? [locale] : [DEFAULT_LOCALE, locale];
  await Promise.all(
    CATALOGUE_PARTS.filter((part) => wanted.has(part)).flatMap((part) =>
      locales.map((each) => loadPart(each, part)),
    ),
  );
}

/** Lingui's messages for `locale`: English's under its own. */
function install(locale: Locale): void {
  const english = own.get(DEFAULT_LOCALE) ?? {};
  i18n.load(locale, locale === DEFAULT_LOCALE ? english : { ...english, ...own.get(locale) });
}

install(DEFAULT_LOCALE);
i18n.activate(DEFAULT_LOCALE);

let current: Locale = DEFAULT_LOCALE;
let requested: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

/** `<html lang dir>` for the language (Arabic lays the page out right to left). */
export function applyDocumentLocale(root: HTMLElement, locale: Locale): void {
  root.lang = locale;
  root.dir = directionOf(locale);
}

/** Switches the interface to `locale` once its catalogue is here (the last request wins). */
export async function activateLocale(locale: Locale): Promise<void> {
  requested = locale;
  await loadWanted(locale);
  if (requested !== locale) return;
  show(locale);
}

function show(locale: Locale): void {
  install(locale);
  i18n.activate(locale);
  current = locale;
  if (typeof document !== "undefined") applyDocumentLocale(document.documentElement, locale);
  for (const listener of listeners) listener();
}

/**
 * This page reads `part` too (the app's strings: src/main.tsx asks for them on any page but the
 * landing page, the prerender before rendering the app): it is loaded for the language shown and
 * the one asked for, and the language shown again with it.
 */
export async function needCatalogue(part: CataloguePart): Promise<void> {
  wanted.add(part);
  await Promise.all([loadWanted(current), loadWanted(requested)]);
  // The language shown stays, and so does <html lang dir> (public/theme-init.js set it for the
  // language this page is heading to, while a prerendered page hydrates in English first).
  install(current);
  for (const listener of listeners) listener();
}

export function currentLocale(): Locale {
  return current;
}

/** The language this browser starts in: its stored choice, else its preference, else English. */
export function initialLocale(): Locale {
  if (typeof window === "undefined") return DEFAULT_LOCALE;
  return chooseLocale({
    stored: readItem(browserStorage(), STORAGE_KEYS.uiLanguage),
    browser: window.navigator.languages ?? [window.navigator.language],
  });
}

/** The language of the page at `pathname`: its prefix's (/de/faq: German), else this browser's. */
export function pageLocale(pathname: string): Locale {
  return localeOfPath(pathname) ?? initialLocale();
}

/**
 * A choice made here (Settings → Language, the footer's switcher) or the account's (GET /api/me):
 * kept in this browser and applied, except on a public page in a language of its own (/de/…),
 * which keeps its language until the switcher leaves it. null forgets it (the browser's
 * preference again).
 */
export function chooseInterfaceLanguage(locale: Locale | null): Promise<void> {
  const storage = browserStorage();
  if (locale === null) removeItem(storage, STORAGE_KEYS.uiLanguage);
  else writeItem(storage, STORAGE_KEYS.uiLanguage, locale);
  const pinned = typeof window === "undefined" ? null : localeOfPath(window.location.pathname);
  return activateLocale(pinned ?? locale ?? initialLocale());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The interface language; components that read it render again when it changes. The prerender
 * renders a page in its language (a /de/ page in German), and a page hydrates in the language it
 * was rendered in (src/main.tsx): the server's snapshot is the current language too.
 */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** A message in the current language: `t("history.count", { count: 3 })`. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

const specKeyByText = new Map(
  Object.entries(SPEC_STRINGS).map(([key, text]) => [text as string, key as SpecKey]),
);

/**
 * A text that may be one of the spec strings (a validation message, a server error's message) in
 * the interface's language; any other text as it is.
 */
export function translateSpec(text: string): string {
  const key = specKeyByText.get(text);
  return key ? t(`spec.${key}`) : text;
}

/** `t` for a component: it renders again when the language changes. */
export function useT(): typeof t {
  useLocale();
  return t;
}

/**
 * The locale for `Intl` and `toLocale…String`: undefined in English (the browser's own
 * conventions, as before there were languages), else the interface's language.
 */
export function intlLocale(): Locale | undefined {
  return current === DEFAULT_LOCALE ? undefined : current;
}
