import en from "virtual:nexus-catalogue/en";
import { i18n, type Messages } from "@lingui/core";
import { STORAGE_KEYS } from "@nexus/contracts";
import { useSyncExternalStore } from "react";
import type enSource from "../../locales/en.json";
import { browserStorage, readItem, removeItem, writeItem } from "../storage.ts";
import { chooseLocale, DEFAULT_LOCALE, directionOf, type Locale } from "./locales.ts";
import { SPEC_STRINGS, type SpecKey } from "./spec-strings.ts";

/**
 * The interface language at run time: Lingui's core with catalogues compiled at build time
 * (build/catalogue-plugin.ts). English is part of this module (no fetch); another language's
 * catalogue is its own chunk, loaded when that language is chosen, over English (a key it lacked
 * would read in English, though scripts/check-catalogues.ts lets none lack one).
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

const english: Messages = { ...en, ...specMessages() };
i18n.load(DEFAULT_LOCALE, english);
i18n.activate(DEFAULT_LOCALE);

const loaders: Record<Exclude<Locale, "en">, () => Promise<{ default: Messages }>> = {
  de: () => import("virtual:nexus-catalogue/de"),
  fr: () => import("virtual:nexus-catalogue/fr"),
  es: () => import("virtual:nexus-catalogue/es"),
  ja: () => import("virtual:nexus-catalogue/ja"),
  ar: () => import("virtual:nexus-catalogue/ar"),
};
const loaded = new Set<Locale>([DEFAULT_LOCALE]);

/**
 * Catalogue namespaces a lazily loaded screen brings (build/catalogue-plugin.ts LAZY_NAMESPACES):
 * their messages are not in the entry's English; the screen's route loads them before it renders.
 */
type Namespace = "nexdocs";
const namespaceLoaders: Record<Namespace, Record<Locale, () => Promise<{ default: Messages }>>> = {
  nexdocs: {
    en: () => import("virtual:nexus-catalogue/en/nexdocs"),
    de: () => import("virtual:nexus-catalogue/de/nexdocs"),
    fr: () => import("virtual:nexus-catalogue/fr/nexdocs"),
    es: () => import("virtual:nexus-catalogue/es/nexdocs"),
    ja: () => import("virtual:nexus-catalogue/ja/nexdocs"),
    ar: () => import("virtual:nexus-catalogue/ar/nexdocs"),
  },
};
const namespaces = new Set<Namespace>();
const namespaceLoads = new Map<string, Promise<void>>();

/** A namespace's messages in `locale` (over English), loaded once. */
function loadNamespaceIn(namespace: Namespace, locale: Locale): Promise<void> {
  const key = `${namespace}/${locale}`;
  let loading = namespaceLoads.get(key);
  if (!loading) {
    loading = (async () => {
      const loaders = namespaceLoaders[namespace];
      const [en, own] = await Promise.all([
        loaders.en(),
        locale === DEFAULT_LOCALE ? null : loaders[locale](),
      ]);
      i18n.load(locale, { ...en.default, ...(own?.default ?? {}) });
    })();
    loading.catch(() => namespaceLoads.delete(key));
    namespaceLoads.set(key, loading);
  }
  return loading;
}

/** Loads a screen's messages (in the current language, and in any it switches to later). */
export async function loadMessageNamespace(namespace: Namespace): Promise<void> {
  namespaces.add(namespace);
  await loadNamespaceIn(namespace, requested);
}

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
  if (!loaded.has(locale) && locale !== DEFAULT_LOCALE) {
    const { default: messages } = await loaders[locale as Exclude<Locale, "en">]();
    i18n.load(locale, { ...english, ...messages });
    loaded.add(locale);
  }
  await Promise.all([...namespaces].map((namespace) => loadNamespaceIn(namespace, locale)));
  if (requested !== locale) return;
  i18n.activate(locale);
  current = locale;
  if (typeof document !== "undefined") applyDocumentLocale(document.documentElement, locale);
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

/**
 * A choice made here (Settings → Language, the footer's switcher) or the account's (GET /api/me):
 * kept in this browser and applied. null forgets it (the browser's preference again).
 */
export function chooseInterfaceLanguage(locale: Locale | null): Promise<void> {
  const storage = browserStorage();
  if (locale === null) removeItem(storage, STORAGE_KEYS.uiLanguage);
  else writeItem(storage, STORAGE_KEYS.uiLanguage, locale);
  return activateLocale(locale ?? initialLocale());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The interface language; components that read it render again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, () => DEFAULT_LOCALE);
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
