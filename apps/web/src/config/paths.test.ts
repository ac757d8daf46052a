import { describe, expect, it } from "vitest";
import {
  isSignInOnlyPath,
  paths,
  showsStaticFooter,
  threadIdFromQueryAndId,
  threadSlug,
} from "./paths.ts";

describe("paths", () => {
  it("marks the sign-in-only areas", () => {
    for (const path of [
      "/app/settings",
      "/app/agents",
      "/app/agents/maya/t1",
      "/app/agents/custom",
      "/app/usage",
      "/app/files",
      "/app/library",
      "/app/history",
      "/app/subscription-plans",
      "/app/pdf-chat/d/t",
      "/app/document-chat/d",
      "/app/nexdocs/d/t",
    ]) {
      expect(isSignInOnlyPath(path), path).toBe(true);
    }
    for (const path of [
      "/app",
      "/app/search",
      "/app/search/x-1",
      "/app/answer",
      "/app/discover",
      "/app/agentsx",
      "/",
    ]) {
      expect(isSignInOnlyPath(path), path).toBe(false);
    }
  });

  it("shows the static footer only on / and /app", () => {
    expect(showsStaticFooter("/")).toBe(true);
    expect(showsStaticFooter("/app")).toBe(true);
    expect(showsStaticFooter("/app/")).toBe(true);
    expect(showsStaticFooter("/app/settings")).toBe(false);
    expect(showsStaticFooter("/faq")).toBe(false);
  });

  it("builds links", () => {
    expect(paths.app.search.href("what is rust?")).toBe("/app/search?q=what%20is%20rust%3F");
    expect(paths.app.presetAgent.href("eli5", "t 1")).toBe("/app/agents/eli5/t%201");
    expect(paths.app.documentChat.href("d1")).toBe("/app/document-chat/d1");
  });

  it("builds new-search links with the focus mode and reasoning flag", () => {
    expect(paths.app.search.href("a+b", { focus: "academic", reasoning: true })).toBe(
      "/app/search?q=a%2Bb&focus=academic&reasoning=1",
    );
    expect(paths.app.search.href("x", { reasoning: false })).toBe("/app/search?q=x");
  });

  it("slugs the first question of a thread", () => {
    expect(threadSlug("What is Rust?")).toBe("what-is-rust");
    expect(threadSlug("  --Hello,   World!!  ")).toBe("hello-world");
    expect(threadSlug("¿Qué tal?")).toBe("qu-tal");
    expect(threadSlug("日本語")).toBe("thread");
    expect(threadSlug("")).toBe("thread");
    const long = threadSlug("a ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith("-")).toBe(false);
  });

  it("builds thread links and reads the thread id back", () => {
    const id = "AbC123xyz0AbC123xyz0Ab";
    const href = paths.app.searchResult.hrefFor("What is Rust?", id);
    expect(href).toBe(`/app/search/what-is-rust-${id}`);
    expect(paths.app.searchResult.hrefFor("!!!", id)).toBe(`/app/search/thread-${id}`);
    const segment = href.split("/").pop();
    expect(threadIdFromQueryAndId(segment)).toBe(id);
    expect(threadIdFromQueryAndId(id)).toBe(id);
    expect(threadIdFromQueryAndId("what-is-rust-")).toBeNull();
    expect(threadIdFromQueryAndId("bad-id!")).toBeNull();
    expect(threadIdFromQueryAndId(undefined)).toBeNull();
    expect(threadIdFromQueryAndId("")).toBeNull();
  });
});
