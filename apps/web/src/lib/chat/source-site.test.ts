import { describe, expect, it } from "vitest";
import { isFileSource, isKnowledgeBaseSource, sourceSiteName } from "./source-site.ts";

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

describe("sources from the person's files", () => {
  const url = "/api/files/0f8fad5b-d9cb-469f-a165-70867728950e/download#page=3";

  it('are shown under "Your files", also once the file is gone', () => {
    expect(isFileSource({ url })).toBe(true);
    expect(sourceSiteName({ url, domain: "127.0.0.1" })).toBe("Your files");
    expect(sourceSiteName({ url: "", domain: "127.0.0.1", fileDeleted: true })).toBe("Your files");
  });

  it("are told apart from a web page with a similar path", () => {
    const web = { url: "https://example.com/api/files/x/download", domain: "example.com" };
    expect(isFileSource(web)).toBe(false);
    expect(sourceSiteName(web)).toBe("example.com");
  });
});
