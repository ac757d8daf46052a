import { describe, expect, it } from "vitest";
import { extractionFieldKey, extractionSchemaSchema } from "./extraction.ts";

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
