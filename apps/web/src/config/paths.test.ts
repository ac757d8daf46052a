import { describe, expect, it } from "vitest";
import { isSignInOnlyPath, paths, showsStaticFooter } from "./paths.ts";

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
});
