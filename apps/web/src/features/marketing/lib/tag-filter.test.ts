import { describe, expect, it } from "vitest";
import { filterByTag, tagsOf } from "./tag-filter.ts";

const posts = [
  { slug: "a", tags: ["self-hosting", "models"] },
  { slug: "b", tags: ["models"] },
  { slug: "c", tags: ["privacy", "Self-Hosting"] },
  { slug: "d", tags: [] },
];

describe("tag filter", () => {
  it("lists tags most used first, then alphabetically, merging letter case", () => {
    expect(tagsOf(posts)).toEqual(["models", "self-hosting", "privacy"]);
  });

  it("keeps the posts with the tag, case-insensitively; no tag keeps all", () => {
    expect(filterByTag(posts, "models").map((p) => p.slug)).toEqual(["a", "b"]);
    expect(filterByTag(posts, "SELF-HOSTING").map((p) => p.slug)).toEqual(["a", "c"]);
    expect(filterByTag(posts, "unknown")).toEqual([]);
    expect(filterByTag(posts, null)).toHaveLength(4);
    expect(filterByTag(posts, "")).toHaveLength(4);
  });
});
