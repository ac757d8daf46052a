import { describe, expect, it } from "vitest";
import {
  formatPostDate,
  postMeta,
  readingMinutes,
  sortPosts,
  WORDS_PER_MINUTE,
} from "./post-meta.ts";

const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");

describe("readingMinutes", () => {
  it("rounds words per minute and never says 0", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(words(10))).toBe(1);
    expect(readingMinutes(words(WORDS_PER_MINUTE * 3))).toBe(3);
    expect(readingMinutes(words(Math.round(WORDS_PER_MINUTE * 4.6)))).toBe(5);
  });

  it("does not count markdown punctuation as words", () => {
    expect(readingMinutes(`## Heading\n\n- * > | --- ${words(WORDS_PER_MINUTE * 2)}`)).toBe(2);
  });
});

describe("postMeta", () => {
  const fields = {
    title: "Getting started",
    date: "2026-11-03",
    tags: ["getting started"],
    summary: "Install it.",
  };

  it("fills defaults: author, cover none, reading time", () => {
    expect(postMeta({ slug: "getting-started", fields, body: words(500) })).toEqual({
      slug: "getting-started",
      title: "Getting started",
      date: "2026-11-03",
      author: null,
      tags: ["getting started"],
      summary: "Install it.",
      cover: null,
      readingMinutes: 2,
    });
    expect(
      postMeta({
        slug: "x",
        fields: { ...fields, cover: "/covers/x.png", author: "Ada" },
        body: "",
      }),
    ).toMatchObject({ cover: "/covers/x.png", author: "Ada" });
  });

  it("rejects a post without a title or with a bad date (a build error, not a broken page)", () => {
    expect(() => postMeta({ slug: "x", fields: { ...fields, title: "" }, body: "" })).toThrow(
      /title/,
    );
    expect(() =>
      postMeta({ slug: "x", fields: { ...fields, date: "21/11/2026" }, body: "" }),
    ).toThrow(/date/);
  });
});

describe("sortPosts and formatPostDate", () => {
  it("sorts newest first, then by title", () => {
    const sorted = sortPosts([
      { title: "B", date: "2026-01-01" },
      { title: "C", date: "2026-03-01" },
      { title: "A", date: "2026-01-01" },
    ]);
    expect(sorted.map((p) => p.title)).toEqual(["C", "A", "B"]);
  });

  it("formats the calendar day without a time-zone shift", () => {
    expect(formatPostDate("2026-11-01")).toBe("Nov 1, 2026");
  });
});
