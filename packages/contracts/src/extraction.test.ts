import { describe, expect, it } from "vitest";
import {
  extractionFieldKey,
  extractionRowIndex,
  extractionRowPlace,
  extractionSchemaSchema,
  suggestedRowMode,
} from "./extraction.ts";

describe("an extraction schema", () => {
  it("keys fields from their names", () => {
    expect(extractionFieldKey("Sample size")).toBe("sample_size");
    expect(extractionFieldKey("Année de publication")).toBe("annee_de_publication");
    expect(extractionFieldKey("2nd author")).toBe("field_2nd_author");
  });

  it("refuses duplicate keys, a choice field without choices and an empty schema", () => {
    const title = { key: "title", name: "Title", type: "text" };
    expect(extractionSchemaSchema.safeParse([title]).success).toBe(true);
    expect(extractionSchemaSchema.safeParse([title, title]).success).toBe(false);
    expect(extractionSchemaSchema.safeParse([]).success).toBe(false);
    const venue = { key: "venue", name: "Venue", type: "choice", choices: ["Journal"] };
    const refused = extractionSchemaSchema.safeParse([venue]);
    expect(refused.error?.issues[0]?.message).toBe(
      "A “one of a list” field needs at least two choices.",
    );
    expect(extractionSchemaSchema.safeParse([{ ...title, key: "Title!" }]).success).toBe(false);
  });
});

describe("a row mode", () => {
  it("is a row per item when the description asks for every/each/all of something", () => {
    expect(suggestedRowMode("every clinical trial mentioned: name, phase, sample size")).toBe(
      "per_item",
    );
    expect(suggestedRowMode("All the drugs named, with their dose")).toBe("per_item");
    expect(suggestedRowMode("List each of the authors and their affiliation")).toBe("per_item");
    expect(suggestedRowMode("For each paper: title, year, sample size")).toBe("per_source");
    expect(suggestedRowMode("for every document: its author")).toBe("per_source");
    expect(suggestedRowMode("title, year and main finding")).toBe("per_source");
    expect(extractionRowIndex("per_item", 2, 5)).toBe(133);
    expect(extractionRowPlace("per_item", 133)).toEqual({ source: 2, item: 5 });
    expect(extractionRowPlace("per_source", 2)).toEqual({ source: 2, item: null });
  });
});
