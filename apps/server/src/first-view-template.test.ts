import { describe, expect, it } from "vitest";
import { fillFirstView } from "./first-view-template.ts";

describe("fillFirstView", () => {
  it("writes texts escaped, and URL-encoded where the marker went through a URL", () => {
    expect(
      fillFirstView(
        '<a href="/x/%25%25nexus%3Aid%25%25">%%nexus:name%%</a><i>%%nexus:missing%%</i>',
        { id: 'a b/"c"', name: "<b>&'" },
      ),
    ).toBe(
      // "%" as a character reference: the same URL to the browser.
      '<a href="/x/a&#37;20b&#37;2F&#37;22c&#37;22">&lt;b&gt;&amp;&#39;</a><i>%%nexus:missing%%</i>',
    );
  });

  it("repeats a list's item per text, and a block per record with its own texts and conditions", () => {
    const html =
      '<ul><li class="s">%%nexus:starters%%</li></ul>' +
      "%%nexus-each:cards%%<p>%%nexus:cards.name%% of %%nexus:owner%%" +
      "%%nexus-if:cards.icon=book%%[book]%%nexus-fi%%%%nexus-if:cards.icon=pen%%[pen]%%nexus-fi%%" +
      "%%nexus-if:cards.flag%%!%%nexus-fi%%%%nexus-if:!cards.flag%%.%%nexus-fi%%%%nexus:cards.none%%</p>%%nexus-end:cards%%";
    expect(
      fillFirstView(html, {
        owner: "Ann",
        starters: ["one", "<two>"],
        cards: [
          { name: "A", icon: "book", flag: "1" },
          { name: "<B>", icon: "pen", flag: "" },
          { name: "C", icon: "book-open" },
        ],
      }),
    ).toBe(
      '<ul><li class="s">one</li><li class="s">&lt;two&gt;</li></ul>' +
        "<p>A of Ann[book]!</p><p>&lt;B&gt; of Ann[pen].</p><p>C of Ann.</p>",
    );
    // No records: nothing of the block.
    expect(fillFirstView(html, { owner: "", starters: [], cards: [] })).toBe("<ul></ul>");
  });

  it("keeps a block when its condition holds, outside records too, once the records are written", () => {
    const html =
      "%%nexus-if:recent%%<h2>Recent</h2>%%nexus-each:recent%%<i>%%nexus:recent.name%%" +
      "%%nexus-if:recent.flag%%*%%nexus-fi%%</i>%%nexus-end:recent%%%%nexus-fi%%" +
      "%%nexus-if:!recent%%<h2 class=sr-only>All</h2>%%nexus-fi%%%%nexus-if:mode=dark%%D%%nexus-fi%%";
    expect(fillFirstView(html, { recent: [{ name: "x", flag: "1" }], mode: "dark" })).toBe(
      "<h2>Recent</h2><i>x*</i>D",
    );
    expect(fillFirstView(html, { recent: [], mode: "light" })).toBe("<h2 class=sr-only>All</h2>");
  });

  it("writes a value as text only: never as markup, nor as a marker a later step reads", () => {
    const hostile = "%%nexus-if:x%%<script>%%nexus-fi%%%%nexus:y%%%%nexus-each:z%% 100%";
    const out = fillFirstView(
      '<p>%%nexus:a%%</p>%%nexus-each:r%%<i>%%nexus:r.b%%</i><a href="/%25%25nexus%3Ar.b%25%25">%%nexus-end:r%%',
      { a: hostile, r: [{ b: hostile }], x: "", y: "INJECTED" },
    );
    const text = (html: string) =>
      html
        .replaceAll("&#37;", "%")
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&");
    expect(out).not.toContain("<script>");
    expect(out).not.toContain("INJECTED");
    expect(text(out)).toBe(
      `<p>${hostile}</p><i>${hostile}</i><a href="/${encodeURIComponent(hostile)}">`,
    );
  });
});
