import { describe, expect, it } from "vitest";
import { exportDate } from "./export-words.ts";
import { languageFromAcceptLanguage } from "./languages.ts";

describe("languageFromAcceptLanguage", () => {
  it("takes the first of ours by weight, then order, from a region or a bare tag", () => {
    expect(languageFromAcceptLanguage("de-CH,de;q=0.9,en;q=0.8")).toBe("de");
    expect(languageFromAcceptLanguage("it-IT, fr;q=0.7, ja;q=0.9")).toBe("ja");
    expect(languageFromAcceptLanguage("AR-EG")).toBe("ar");
    expect(languageFromAcceptLanguage("es;q=0.5, fr;q=0.5")).toBe("es");
  });

  it("gives null for none of ours, a refused one, an empty or a junk header", () => {
    expect(languageFromAcceptLanguage("it-IT, pt;q=0.9")).toBeNull();
    expect(languageFromAcceptLanguage("de;q=0, it")).toBeNull();
    expect(languageFromAcceptLanguage("")).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
    expect(languageFromAcceptLanguage(";;;,,q=abc,*")).toBeNull();
  });
});

describe("exportDate", () => {
  it("reads as a date of its language", () => {
    const iso = "2026-12-04T23:30:00.000Z";
    expect(exportDate(iso, "en")).toBe("December 4, 2026");
    expect(exportDate(iso, "de")).toBe("4. Dezember 2026");
    expect(exportDate(iso, "ja")).toBe("2026年12月4日");
  });
});
