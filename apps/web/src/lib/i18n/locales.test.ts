import { describe, expect, it } from "vitest";
import { chooseLocale, directionOf, fromBrowser } from "./locales.ts";

describe("the interface language", () => {
  it("is the account's choice, else this browser's, else its preference, else English", () => {
    const browser = ["fr-CA", "de"];
    expect(chooseLocale({ account: "ja", stored: "es", browser })).toBe("ja");
    expect(chooseLocale({ account: null, stored: "es", browser })).toBe("es");
    expect(chooseLocale({ account: null, stored: null, browser })).toBe("fr");
    expect(chooseLocale({ browser: [] })).toBe("en");
  });

  it("ignores values that are not one of ours and takes the first language it has", () => {
    expect(chooseLocale({ account: "it", stored: "xx", browser: ["it-IT", "AR-eg"] })).toBe("ar");
    expect(chooseLocale({ account: 42, stored: "", browser: ["pt-BR", "zh"] })).toBe("en");
    expect(fromBrowser(["en-GB", "de"])).toBe("en");
    expect(fromBrowser(["es_419"])).toBe("es");
  });

  it("is written right to left in Arabic only", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(["en", "de", "fr", "es", "ja"].map((l) => directionOf(l as "en"))).toEqual(
      Array(5).fill("ltr"),
    );
  });
});
