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
      const researchPart = load(`virtual:nexus-catalogue/${locale}/research`);
      const documentsPart = load(`virtual:nexus-catalogue/${locale}/documents`);
      const extractionPart = load(`virtual:nexus-catalogue/${locale}/extraction`);
      const agentsPart = load(`virtual:nexus-catalogue/${locale}/agents`);
      expect(Object.keys(publicPart).every((key) => partOf(key) === "public")).toBe(true);
      expect(Object.keys(appPart).every((key) => partOf(key) === "app")).toBe(true);
      // NexDocs' own strings load with its screens; the sidebar's label stays in the app's.
      expect(Object.keys(nexdocsPart).length).toBeGreaterThan(20);
      expect(Object.keys(nexdocsPart).every((key) => key.startsWith("nexdocs."))).toBe(true);
      expect(appPart).toHaveProperty("nexdocs.nav");
      // So do the admin area's (its link in the sidebar is nav.admin, in the app's part).
      const adminPart = load(`virtual:nexus-catalogue/${locale}/admin`);
      expect(Object.keys(adminPart).length).toBeGreaterThan(20);
      expect(Object.keys(adminPart).every((key) => key.startsWith("admin."))).toBe(true);
      expect(appPart).toHaveProperty("nav.admin");
      const customAgentsPart = load(`virtual:nexus-catalogue/${locale}/customAgents`);
      expect(Object.keys(customAgentsPart).every((key) => key.startsWith("customAgents."))).toBe(
        true,
      );
      // Deep research's too (its screens and the share page load it).
      expect(Object.keys(researchPart).length).toBeGreaterThan(20);
      expect(Object.keys(researchPart).every((key) => key.startsWith("research."))).toBe(true);
      expect(Object.keys(appPart).some((key) => key.startsWith("research."))).toBe(false);
      // The document screens' too; the share page's "Cited passages" stays in the app's.
      expect(Object.keys(documentsPart).length).toBeGreaterThan(50);
      expect(Object.keys(documentsPart).every((key) => key.startsWith("documents."))).toBe(true);
      expect(appPart).toHaveProperty("documents.citedPassages");
      // Structured extraction's, with its screen.
      expect(Object.keys(extractionPart).length).toBeGreaterThan(50);
      expect(Object.keys(extractionPart).every((key) => key.startsWith("extraction."))).toBe(true);
      expect(Object.keys(appPart).some((key) => key.startsWith("extraction."))).toBe(false);
      // The agents hub's, its specialists' cards and the Python scratchpad, with the hub and a
      // preset's chat.
      expect(
        Object.keys(agentsPart).every((key) => /^(agentsHub|specialists|pythonPad)\./.test(key)),
      ).toBe(true);
      expect(agentsPart).toHaveProperty("pythonPad.runBlock");
      expect(Object.keys(appPart).some((key) => key.startsWith("pythonPad."))).toBe(false);
      // A shared document reply's "passage not found" is the share page's too: the app's.
      expect(appPart).toHaveProperty("documents.passageNotFound");
      expect(agentsPart).toHaveProperty("specialists.research.title");
      expect(Object.keys(appPart).some((key) => key.startsWith("specialists."))).toBe(false);
      expect({
        ...publicPart,
        ...appPart,
        ...nexdocsPart,
        ...adminPart,
        ...customAgentsPart,
        ...researchPart,
        ...documentsPart,
        ...extractionPart,
        ...agentsPart,
      }).toEqual(whole);
    }
    // The public part is a small share of English (what the landing page carries).
    const englishPublic = Object.keys(load("virtual:nexus-catalogue/en/public")).length;
    expect(englishPublic).toBeGreaterThan(0);
    expect(englishPublic).toBeLessThan(Object.keys(en).length / 4);
    expect(() => load("virtual:nexus-catalogue/en/other")).toThrow(/No catalogue part named other/);
  });
});
