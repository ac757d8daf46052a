import { describe, expect, it } from "vitest";
import ar from "../../locales/ar.json";
import de from "../../locales/de.json";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import fr from "../../locales/fr.json";
import ja from "../../locales/ja.json";
import { checkCatalogues } from "./catalogue-check.ts";
import { SPEC_STRINGS } from "./spec-strings.ts";

const english = {
  greeting: "Hello {name}",
  items: "{count, plural, one {# item} other {# items}}",
};
const spec = { cancel: "Cancel" };
const check = (locales: Record<string, Record<string, unknown>>) =>
  checkCatalogues({ english, spec, locales });
const german = {
  greeting: "Hallo {name}",
  items: "{count, plural, one {# Eintrag} other {# Einträge}}",
  "spec.cancel": "Abbrechen",
};

describe("the catalogue check", () => {
  it("passes the product's catalogues", () => {
    expect(
      checkCatalogues({ english: en, spec: SPEC_STRINGS, locales: { de, fr, es, ja, ar } }),
    ).toEqual([]);
  });

  it("passes a sound catalogue and names every flaw of a broken one", () => {
    expect(check({ de: german })).toEqual([]);
    const { greeting: _, ...lacking } = german;
    expect(check({ de: lacking })).toEqual(["de: greeting is missing"]);
    expect(check({ de: { ...german, "spec.cancel": undefined } })).toEqual([
      "de: spec.cancel is not a string",
    ]);
    expect(check({ de: { ...german, extra: "Mehr" } })).toEqual([
      "de: extra is not in the English catalogue",
    ]);
    expect(check({ de: { ...german, greeting: "Hallo {nom}" } })).toEqual([
      "de: greeting has placeholders {nom}, English {name}",
    ]);
    expect(check({ de: { ...german, greeting: "Hallo {name" } })[0]).toMatch(
      /^de: greeting does not parse/,
    );
  });

  it("asks for every plural form of the language (Arabic has six)", () => {
    const items = "{count, plural, one {عنصر واحد} other {# عنصر}}";
    expect(check({ ar: { ...german, items } })).toEqual([
      "ar: items lacks the plural forms few, many, two, zero of {count}",
    ]);
    expect(check({ ja: {} })).toHaveLength(3);
    expect(
      checkCatalogues({ english: { ...english, "spec.cancel": "Cancel" }, spec, locales: {} }),
    ).toEqual([
      "en: spec.cancel belongs to the spec strings (MESSAGES), not the English catalogue",
    ]);
  });
});
