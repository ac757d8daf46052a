import { describe, expect, it } from "vitest";
import { cataloguePlugin } from "../../../build/catalogue-plugin.ts";
import en from "../../locales/en.json";
import { partOf } from "./catalogue-parts.ts";

type Load = (id: string) => string | null;
const plugin = cataloguePlugin();
const load = (id: string) => {
  const code = (plugin.load as unknown as Load).call({ addWatchFile: () => undefined }, `\0${id}`);
  return JSON.parse(
    String(code)
      .replace(/^export default /, "")
      .replace(/;$/, ""),
  ) as Record<string, unknown>;
};

describe("the catalogues' two parts", () => {
  it("puts the first pages' strings in the public part and the rest in the app's", () => {
    expect(partOf("footer.tagline")).toBe("public");
    expect(partOf("theme.darkMode")).toBe("public");
    expect(partOf("usage.unlimited")).toBe("public");
    expect(partOf("usage.title")).toBe("app");
    expect(partOf("settings.title")).toBe("app");
  });

  it("builds each part of a locale with that part's keys only, together the whole catalogue", () => {
    for (const locale of ["en", "ar"]) {
      const whole = load(`virtual:nexus-catalogue/${locale}`);
      const publicPart = load(`virtual:nexus-catalogue/${locale}/public`);
      const appPart = load(`virtual:nexus-catalogue/${locale}/app`);
      const nexdocsPart = load(`virtual:nexus-catalogue/${locale}/nexdocs`);
      const documentsPart = load(`virtual:nexus-catalogue/${locale}/documents`);
      expect(Object.keys(publicPart).every((key) => partOf(key) === "public")).toBe(true);
      expect(Object.keys(appPart).every((key) => partOf(key) === "app")).toBe(true);
      // NexDocs' own strings load with its screens; the sidebar's label stays in the app's.
      expect(Object.keys(nexdocsPart).length).toBeGreaterThan(20);
      expect(Object.keys(nexdocsPart).every((key) => key.startsWith("nexdocs."))).toBe(true);
      expect(appPart).toHaveProperty("nexdocs.nav");
      // The document screens' too; the share page's "Cited passages" stays in the app's.
      expect(Object.keys(documentsPart).length).toBeGreaterThan(50);
      expect(Object.keys(documentsPart).every((key) => key.startsWith("documents."))).toBe(true);
      expect(appPart).toHaveProperty("documents.citedPassages");
      expect({ ...publicPart, ...appPart, ...nexdocsPart, ...documentsPart }).toEqual(whole);
    }
    // The public part is a small share of English (what the landing page carries).
    const englishPublic = Object.keys(load("virtual:nexus-catalogue/en/public")).length;
    expect(englishPublic).toBeGreaterThan(0);
    expect(englishPublic).toBeLessThan(Object.keys(en).length / 4);
    expect(() => load("virtual:nexus-catalogue/en/other")).toThrow(/No catalogue part named other/);
  });
});
