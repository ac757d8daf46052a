import { DISCOVER_OFFLINE_EXPLANATION, DISCOVER_OFFLINE_LABEL } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import de from "@/locales/de.json";
import en from "@/locales/en.json";
import { askHref, safeImageSrc, sourceHref } from "./discover-links.ts";

describe("discover links", () => {
  it("asks about a news item or a guide", () => {
    expect(askHref({ title: "Rockets land again." }, false)).toBe(
      "/app/search?q=What%20is%20the%20latest%20on%20Rockets%20land%20again%3F",
    );
    expect(askHref({ title: "Agents" }, true)).toBe("/app/search?q=Tell%20me%20about%20Agents");
  });

  it("loads pictures through the image proxy only", () => {
    const signed = "/api/image?u=https%3A%2F%2Fimg.example.org%2Fa.jpg&s=abcdefghijklmnopqrstuv";
    expect(safeImageSrc(signed)).toBe(signed);
    expect(safeImageSrc("https://img.example.org/a.jpg")).toBeNull();
    expect(safeImageSrc("http://img.example.org/a.jpg")).toBeNull();
    expect(safeImageSrc("data:image/png;base64,AAAA")).toBeNull();
    expect(safeImageSrc("https://user:pw@img.example.org/a.jpg")).toBeNull();
    expect(safeImageSrc(undefined)).toBeNull();
  });

  it("links to http(s) pages and this Nexus's own pages only", () => {
    expect(sourceHref("/blog/agents")).toBe("/blog/agents");
    expect(sourceHref("//evil.example")).toBeNull();
    expect(sourceHref("javascript:alert(1)")).toBeNull();
    expect(sourceHref("https://news.example.org/a")).toBe("https://news.example.org/a");
  });
});

describe("Discover's offline mark", () => {
  it("says in English exactly the server's words (@nexus/contracts), and is translated", () => {
    expect(en["discover.offlineLabel"]).toBe(DISCOVER_OFFLINE_LABEL);
    expect(en["discover.offlineExplanation"]).toBe(DISCOVER_OFFLINE_EXPLANATION);
    expect(de["discover.offlineLabel"]).not.toBe(DISCOVER_OFFLINE_LABEL);
  });
});
