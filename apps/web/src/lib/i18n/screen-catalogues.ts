import type { Messages } from "@lingui/core";
import type { CataloguePart } from "./catalogue-parts.ts";
import type { Locale } from "./locales.ts";

type Loader = () => Promise<{ default: Messages }>;
type ScreenPart = Exclude<CataloguePart, "public" | "app">;

/**
 * The lazily loaded screens' catalogue parts (catalogue-parts.ts), each language's a module of
 * its own. Apart from i18n.ts, so the entry every first page loads (the landing page's ≤ 90 KB,
 * bench/initial-js.ts) does not carry a line per screen and language.
 */
const loaders: Record<Locale, Record<ScreenPart, Loader>> = {
  en: {
    nexdocs: () => import("virtual:nexus-catalogue/en/nexdocs"),
    admin: () => import("virtual:nexus-catalogue/en/admin"),
    customAgents: () => import("virtual:nexus-catalogue/en/customAgents"),
    research: () => import("virtual:nexus-catalogue/en/research"),
    documents: () => import("virtual:nexus-catalogue/en/documents"),
    extraction: () => import("virtual:nexus-catalogue/en/extraction"),
    agents: () => import("virtual:nexus-catalogue/en/agents"),
  },
  de: {
    nexdocs: () => import("virtual:nexus-catalogue/de/nexdocs"),
    admin: () => import("virtual:nexus-catalogue/de/admin"),
    customAgents: () => import("virtual:nexus-catalogue/de/customAgents"),
    research: () => import("virtual:nexus-catalogue/de/research"),
    documents: () => import("virtual:nexus-catalogue/de/documents"),
    extraction: () => import("virtual:nexus-catalogue/de/extraction"),
    agents: () => import("virtual:nexus-catalogue/de/agents"),
  },
  fr: {
    nexdocs: () => import("virtual:nexus-catalogue/fr/nexdocs"),
    admin: () => import("virtual:nexus-catalogue/fr/admin"),
    customAgents: () => import("virtual:nexus-catalogue/fr/customAgents"),
    research: () => import("virtual:nexus-catalogue/fr/research"),
    documents: () => import("virtual:nexus-catalogue/fr/documents"),
    extraction: () => import("virtual:nexus-catalogue/fr/extraction"),
    agents: () => import("virtual:nexus-catalogue/fr/agents"),
  },
  es: {
    nexdocs: () => import("virtual:nexus-catalogue/es/nexdocs"),
    admin: () => import("virtual:nexus-catalogue/es/admin"),
    customAgents: () => import("virtual:nexus-catalogue/es/customAgents"),
    research: () => import("virtual:nexus-catalogue/es/research"),
    documents: () => import("virtual:nexus-catalogue/es/documents"),
    extraction: () => import("virtual:nexus-catalogue/es/extraction"),
    agents: () => import("virtual:nexus-catalogue/es/agents"),
  },
  ja: {
    nexdocs: () => import("virtual:nexus-catalogue/ja/nexdocs"),
    admin: () => import("virtual:nexus-catalogue/ja/admin"),
    customAgents: () => import("virtual:nexus-catalogue/ja/customAgents"),
    research: () => import("virtual:nexus-catalogue/ja/research"),
    documents: () => import("virtual:nexus-catalogue/ja/documents"),
    extraction: () => import("virtual:nexus-catalogue/ja/extraction"),
    agents: () => import("virtual:nexus-catalogue/ja/agents"),
  },
  ar: {
    nexdocs: () => import("virtual:nexus-catalogue/ar/nexdocs"),
    admin: () => import("virtual:nexus-catalogue/ar/admin"),
    customAgents: () => import("virtual:nexus-catalogue/ar/customAgents"),
    research: () => import("virtual:nexus-catalogue/ar/research"),
    documents: () => import("virtual:nexus-catalogue/ar/documents"),
    extraction: () => import("virtual:nexus-catalogue/ar/extraction"),
    agents: () => import("virtual:nexus-catalogue/ar/agents"),
  },
};

export function screenCatalogue(locale: Locale, part: ScreenPart): Promise<{ default: Messages }> {
  return loaders[locale][part]();
}
