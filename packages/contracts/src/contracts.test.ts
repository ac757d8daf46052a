import { describe, expect, it } from "vitest";
import { emailSchema, validateEmail } from "./auth.ts";
import { MESSAGES } from "./messages.ts";
import { citationMarkdown, citationMarkdownHooks, withoutCitations } from "./nexdocs-citation.ts";
import { COLOR_THEMES, isColorTheme } from "./themes.ts";
import { isAllowed, periodKey, periodResetsAt, TIER_LIMITS } from "./tiers.ts";

describe("tier limits (spec §9)", () => {
  it("holds the spec's table", () => {
    expect(TIER_LIMITS).toEqual({
      anonymous: { period: "daily", search: 100, addFiles: 0, agentUsage: 0, maxChats: 0 },
      free: { period: "monthly", search: 300, addFiles: 30, agentUsage: 5, maxChats: 500 },
      pro: { period: "monthly", search: 30000, addFiles: 500, agentUsage: 5000, maxChats: 0 },
    });
  });

  it("allows below the limit and always when the limit is 0", () => {
    expect(isAllowed(99, 100)).toBe(true);
    expect(isAllowed(100, 100)).toBe(false);
    expect(isAllowed(1_000_000, 0)).toBe(true);
  });

  it("keys periods by UTC date or month and knows when they reset", () => {
    const at = new Date("2026-12-31T23:59:59.999Z");
    expect(periodKey("daily", at)).toBe("2026-12-31");
    expect(periodKey("monthly", at)).toBe("2026-12");
    expect(periodResetsAt("daily", at).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(periodResetsAt("monthly", at).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(periodResetsAt("monthly", new Date("2027-02-10T00:00:00Z")).toISOString()).toBe(
      "2027-03-01T00:00:00.000Z",
    );
  });
});

describe("e-mail validation (spec §5)", () => {
  it("trims, lower-cases and reports the spec's messages", () => {
    expect(validateEmail("  Jane@Example.COM ")).toEqual({ ok: true, email: "jane@example.com" });
    expect(validateEmail("   ")).toEqual({ ok: false, message: MESSAGES.emailRequired });
    expect(validateEmail("jane@")).toEqual({ ok: false, message: MESSAGES.emailInvalid });
    expect(validateEmail("jane doe@example.com")).toEqual({
      ok: false,
      message: MESSAGES.emailInvalid,
    });
    expect(validateEmail(`${"a".repeat(250)}@example.com`)).toEqual({
      ok: false,
      message: MESSAGES.emailInvalid,
    });
    expect(emailSchema.parse(" A@B.CO ")).toBe("a@b.co");
  });
});

describe("colour themes (spec §5)", () => {
  it("allows exactly the spec's eight themes", () => {
    expect(COLOR_THEMES).toEqual([
      "indigo",
      "lime",
      "blue",
      "green",
      "purple",
      "monochrome",
      "perplexity",
      "orange",
    ]);
    expect(isColorTheme("lime")).toBe(true);
    expect(isColorTheme("red")).toBe(false);
    expect(isColorTheme(undefined)).toBe(false);
  });
});

describe("NexDocs' citation chip in Markdown (one form for the server and the web)", () => {
  it("writes and reads back a source whatever its title holds, and is taken out of excerpts", () => {
    const attrs = {
      title: "Minutes [draft] (v2) & more",
      url: null,
      file: "minutes.pdf",
      page: "4",
    };
    const markdown = citationMarkdown(attrs);
    expect(markdown).toBe(
      "[cite](nexdocs:cite?title=Minutes+%5Bdraft%5D+%28v2%29+%26+more&file=minutes.pdf&page=4)",
    );
    const { markdownTokenizer, parseMarkdown, renderMarkdown } = citationMarkdownHooks;
    const token = markdownTokenizer.tokenize(`${markdown} and on`);
    expect(token?.raw).toBe(markdown);
    expect(parseMarkdown(token ?? {})).toEqual({ type: "citation", attrs });
    expect(renderMarkdown({ attrs })).toBe(markdown);
    expect(markdownTokenizer.tokenize("[cite](https://example.com)")).toBeUndefined();
    expect(withoutCitations(`Tide ${markdown}rises.`)).toBe("Tide rises.");
  });
});
