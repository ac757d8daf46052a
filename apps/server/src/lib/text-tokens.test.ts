import { describe, expect, it } from "vitest";
import { queryWords, stem, terms, words } from "./text-tokens.ts";

describe("words", () => {
  it("uses Intl.Segmenter word boundaries, lower-cases, and keeps letters and digits", () => {
    expect(words("Set LLM_BASE_URL for e-mail sign-in!")).toEqual([
      "set",
      "llm",
      "base",
      "url",
      "for",
      "e",
      "mail",
      "sign",
      "in",
    ]);
  });

  it("joins digit groups unless asked not to, and resolves contractions", () => {
    expect(words("30,000 searches")).toEqual(["30000", "searches"]);
    expect(words("30,000", { splitNumbers: true })).toEqual(["30", "000"]);
    expect(words("can't won't doesn't it’s")).toEqual(["cannot", "will", "does", "its"]);
  });

  it("segments scripts without spaces", () => {
    expect(words("日本語の質問").length).toBeGreaterThan(1);
  });
});

describe("stem", () => {
  it("maps inflections of a word to one stem", () => {
    expect(stem("searches")).toBe(stem("search"));
    expect(stem("signing")).toBe(stem("sign"));
    expect(stem("configured")).toBe(stem("configure"));
    expect(stem("policies")).toBe(stem("policy"));
    expect(stem("running")).toBe("run");
    expect(stem("stopped")).toBe("stop");
  });

  it("leaves short words, numbers and -ss words alone", () => {
    expect(stem("is")).toBe("is");
    expect(stem("v1")).toBe("v1");
    expect(stem("access")).toBe("access");
    expect(stem("status")).toBe("status");
  });
});

describe("terms and queryWords", () => {
  it("drops stop words and question words from terms", () => {
    expect(terms("What is the daily search limit for anonymous visitors?")).toEqual([
      "daily",
      "search",
      "limit",
      "anonymous",
      "visitor",
    ]);
  });

  it("gives PostgreSQL-safe query words: distinct, unstemmed, dotted names whole", () => {
    expect(queryWords("Which Node.js version? version 30,000 & | ! ( ) : * ' <->")).toEqual([
      "node.js",
      "node",
      "js",
      "version",
      "30",
      "000",
    ]);
    expect(queryWords("what is it?")).toEqual([]);
  });
});
