import { describe, expect, it } from "vitest";
import { isKnowledgeBaseSource, sourceSiteName } from "./source-site.ts";

describe("sourceSiteName", () => {
  it("names the knowledge base's articles, not the server's host", () => {
    const source = { url: "/blog/connecting-a-model#the-three-variables", domain: "127.0.0.1" };
    expect(isKnowledgeBaseSource(source)).toBe(true);
    expect(sourceSiteName(source)).toBe("Nexus guide");
  });

  it("keeps the domain of a web source", () => {
    const source = { url: "https://en.wikipedia.org/wiki/Blog", domain: "en.wikipedia.org" };
    expect(isKnowledgeBaseSource(source)).toBe(false);
    expect(sourceSiteName(source)).toBe("en.wikipedia.org");
  });

  it("does not take a web page under /blog/ for the knowledge base", () => {
    expect(isKnowledgeBaseSource({ url: "https://example.com/blog/post" })).toBe(false);
  });
});
