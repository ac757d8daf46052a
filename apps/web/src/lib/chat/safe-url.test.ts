import { describe, expect, it } from "vitest";
import {
  MAX_URL_LENGTH,
  toSafeHref,
  toSafeHttpUrl,
  toSafeSourceUrl,
  toSafeUrl,
  toSameOriginImageSrc,
} from "./safe-url.ts";

describe("toSafeHref: allowed", () => {
  it.each([
    ["https://example.com", "https://example.com/"],
    ["http://example.com/a?b=c#d", "http://example.com/a?b=c#d"],
    ["HTTPS://EXAMPLE.COM/Path", "https://example.com/Path"],
    ["  https://example.com/x  ", "https://example.com/x"],
    ["\u0000https://example.com/", "https://example.com/"],
    ["https://exa\tmple.com/", "https://example.com/"],
    ["https://example.com/a b", "https://example.com/a%20b"],
    ['https://example.com/"><script>', "https://example.com/%22%3E%3Cscript%3E"],
    ["https://xn--bcher-kva.example/", "https://xn--bcher-kva.example/"],
    ["https://bücher.example/", "https://xn--bcher-kva.example/"],
    ["https://example.com:8443/", "https://example.com:8443/"],
    ["https://[::1]/", "https://[::1]/"],
    ["mailto:someone@example.com", "mailto:someone@example.com"],
    ["MAILTO:someone@example.com?subject=hi", "mailto:someone@example.com?subject=hi"],
    // Special schemes without slashes still name a host; the normalized href is what we use.
    ["https:example.com", "https://example.com/"],
  ])("%j -> %j", (raw, expected) => {
    expect(toSafeHref(raw)).toBe(expected);
  });
});

describe("toSafeHref: refused", () => {
  it.each([
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["JAVASCRIPT:alert(1)"],
    [" javascript:alert(1)"],
    ["\u0000javascript:alert(1)"],
    ["\u0001\u0002javascript:alert(1)"],
    ["java\tscript:alert(1)"],
    ["java\nscript:alert(1)"],
    ["java\rscript:alert(1)"],
    ["jav\u0000ascript:alert(1)"],
    ["jav&#x09;ascript:alert(1)"],
    ["&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)"],
    ["javascript&colon;alert(1)"],
    ["java\u200bscript:alert(1)"],
    ["\ufeffjavascript:alert(1)"],
    ["javascript://example.com/%0Aalert(1)"],
    ["vbscript:msgbox(1)"],
    ["VBScript:msgbox(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["DATA:image/svg+xml,<svg onload=alert(1)>"],
    ["file:///etc/passwd"],
    ["ftp://example.com/"],
    ["blob:https://example.com/uuid"],
    ["about:blank"],
    ["chrome://settings"],
    ["intent://x#Intent;end"],
    ["//evil.example/"],
    ["\\\\evil.example\\share"],
    ["/\\evil.example/"],
    ["/relative/path"],
    ["relative/path"],
    ["#fragment"],
    ["?query"],
    [""],
    ["   "],
    ["https://"],
    ["http://"],
    ["https://google.com@evil.example/"],
    ["https://user:pass@example.com/"],
    ["mailto:"],
    ["https://exa\u0085mple.com/"],
    ["https://example.com/\u202eevil"],
    [`https://example.com/${"a".repeat(MAX_URL_LENGTH)}`],
  ])("%j", (raw) => {
    expect(toSafeHref(raw)).toBeNull();
  });
});

describe("toSafeUrl / toSafeHttpUrl", () => {
  it("reports protocol and a www-less domain", () => {
    expect(toSafeUrl("https://www.Example.com/x")).toEqual({
      href: "https://www.example.com/x",
      protocol: "https:",
      domain: "example.com",
    });
  });

  it("toSafeHttpUrl refuses mailto", () => {
    expect(toSafeHttpUrl("mailto:a@example.com")).toBeNull();
    expect(toSafeHttpUrl("http://example.com")?.href).toBe("http://example.com/");
  });
});

describe("toSameOriginImageSrc", () => {
  const origin = "https://nexus.example";

  it.each([
    ["https://nexus.example/a.png", "https://nexus.example/a.png"],
    ["/api/files/1.png", "https://nexus.example/api/files/1.png"],
    ["a.png", "https://nexus.example/a.png"],
    ["HTTPS://NEXUS.EXAMPLE/a.png", "https://nexus.example/a.png"],
  ])("loads %j", (raw, expected) => {
    expect(toSameOriginImageSrc(raw, origin)).toBe(expected);
  });

  it.each([
    ["https://evil.example/a.png?secret=1"],
    ["http://nexus.example/a.png"],
    ["https://nexus.example:444/a.png"],
    ["https://nexus.example.evil.example/a.png"],
    ["https://nexus.example@evil.example/a.png"],
    ["//evil.example/a.png"],
    ["/\\evil.example/a.png"],
    ["\\\\evil.example/a.png"],
    ["data:image/png;base64,iVBORw0KGgo="],
    ["javascript:alert(1)"],
    ["blob:https://nexus.example/uuid"],
    [""],
    ["https://nexus.example/\u200b.png"],
  ])("refuses %j", (raw) => {
    expect(toSameOriginImageSrc(raw, origin)).toBeNull();
  });

  it("refuses everything when the page origin is not a URL", () => {
    expect(toSameOriginImageSrc("/a.png", "null")).toBeNull();
  });
});

describe("toSafeSourceUrl", () => {
  const origin = "https://nexus.example";

  it.each([
    ["https://site.example/a", "https://site.example/a", "site.example"],
    [
      "/blog/connecting-a-model#the-three-variables",
      "https://nexus.example/blog/connecting-a-model#the-three-variables",
      "",
    ],
  ])("links %j", (raw, href, domain) => {
    expect(toSafeSourceUrl(raw, origin)).toMatchObject({ href, domain });
  });

  it.each([
    ["//evil.example/a"],
    ["/\\evil.example/a"],
    ["javascript:alert(1)"],
    ["mailto:someone@example.com"],
    ["blog/relative"],
    [""],
  ])("refuses %j", (raw) => {
    expect(toSafeSourceUrl(raw, origin)).toBeNull();
  });
});
