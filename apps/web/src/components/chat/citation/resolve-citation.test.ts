import { describe, expect, it } from "vitest";
import { resolveCitation, sourceTypeOf, splitFileTitle } from "./resolve-citation.ts";

const FILE = "0b6e3b0e-6d1e-4a53-9a57-3d2f7c1a9e10";
const PASSAGE = `/app/document-chat/${FILE}?chunk=7&page=3`;

describe("a citation's resolver is chosen by its source's type", () => {
  it.each([
    [{ url: "https://example.org/a" }, "web"],
    [{ url: "/blog/share-links" }, "knowledge"],
    [{ url: "//evil.example/x" }, "web"],
    [{ url: PASSAGE }, "file"],
    [{ url: "", private: true }, "file"],
    [{ url: "/app/pdf-chat/x/y", type: "file" as const }, "file"],
  ])("%o → %s", (input, type) => {
    expect(sourceTypeOf(input)).toBe(type);
  });

  it("reads a file's name and page from its title", () => {
    expect(splitFileTitle("tracemonkey.pdf, p. 3")).toEqual({ name: "tracemonkey.pdf", page: 3 });
    expect(splitFileTitle("notes, draft.txt")).toEqual({ name: "notes, draft.txt", page: null });
  });
});

describe("resolved citations", () => {
  it("web: its site and a link out; the verified quote is the passage, else the snippet", () => {
    const base = { n: 2, url: "https://www.site.example/a", title: "A page", snippet: "Snip." };
    const checked = resolveCitation({ ...base, quote: "The quote.", verified: true });
    expect(checked).toMatchObject({
      type: "web",
      site: "site.example",
      passage: "The quote.",
      verified: true,
      link: { href: "https://www.site.example/a", internal: false },
      file: null,
    });
    expect(resolveCitation({ ...base, quote: "Closest.", verified: false }).passage).toBe("Snip.");
    expect(resolveCitation({ ...base, url: "javascript:alert(1)" }).link).toBeNull();
  });

  it("file: its name, page and passage for the viewer, the quote on its chat link", () => {
    const citation = resolveCitation({
      n: 1,
      url: PASSAGE,
      title: "tracemonkey.pdf, p. 3",
      snippet: "Trace trees…",
      quote: "loops are hot",
      verified: true,
    });
    expect(citation).toMatchObject({ type: "file", title: "tracemonkey.pdf", site: "Your files" });
    expect(citation.file).toEqual({
      fileId: FILE,
      ordinal: 7,
      page: 3,
      quote: "loops are hot",
      name: "tracemonkey.pdf",
      chatHref: `${PASSAGE}&quote=loops%20are%20hot`,
    });
    expect(citation.link).toEqual({ href: citation.file?.chatHref, internal: true });
    // Unverified: the whole passage, no quote.
    const loose = resolveCitation({
      n: 1,
      url: PASSAGE,
      title: "t.pdf",
      quote: "x",
      verified: false,
    });
    expect(loose.file?.quote).toBeNull();
    expect(loose.link?.href).toBe(PASSAGE);
  });

  it("a file the reader cannot open (a share page) is shown, never linked or opened", () => {
    const citation = resolveCitation({ n: 1, url: "", title: "a.pdf, p. 2", private: true });
    expect(citation).toMatchObject({ type: "file", link: null, file: null, title: "a.pdf" });
  });

  it("knowledge: the guide, linked on this origin", () => {
    const citation = resolveCitation({ n: 1, url: "/blog/share-links", title: "Share links" });
    expect(citation.site).toBe("Nexus guide");
    expect(citation.link?.href).toBe(`${window.location.origin}/blog/share-links`);
  });
});
