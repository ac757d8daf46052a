import { describe, expect, it } from "vitest";
import { proxiedImageSrc } from "./image-proxy.ts";

const origin = "https://nexus.example";
const SIGNED = "/api/image?u=https%3A%2F%2Fimg.example%2Fa.png&s=abcdefghijklmnopqrstuv";

describe("proxiedImageSrc", () => {
  it.each([
    [SIGNED, SIGNED],
    [`${origin}${SIGNED}`, SIGNED],
    [`HTTPS://NEXUS.EXAMPLE${SIGNED}`, SIGNED],
  ])("loads %j", (raw, expected) => {
    expect(proxiedImageSrc(raw, origin)).toBe(expected);
  });

  it.each([
    ["https://img.example/a.png"],
    ["http://img.example/a.png"],
    [`https://evil.example${SIGNED}`],
    [`//evil.example${SIGNED}`],
    [`/\\evil.example${SIGNED}`],
    [`http://nexus.example${SIGNED}`],
    [`https://nexus.example@evil.example${SIGNED}`],
    ["/api/image?u=https%3A%2F%2Fimg.example%2Fa.png"],
    ["/api/image?s=abcdefghijklmnopqrstuv"],
    // Not the one spelling the server mints (it would refuse them): not requested at all.
    ["/api/image?u=https://img.example/a.png&s=abcdefghijklmnopqrstuv"],
    ["/api/image?u=https%3a%2f%2fimg.example%2fa.png&s=abcdefghijklmnopqrstuv"],
    ["/api/image?s=abcdefghijklmnopqrstuv&u=https%3A%2F%2Fimg.example%2Fa.png"],
    [`${SIGNED}&u=https%3A%2F%2Fevil.example%2Fx.png`],
    [`${SIGNED}x`],
    ["/api/image/../files/1.png?u=a&s=b"],
    ["/api/files/1.png"],
    ["/favicon.ico"],
    ["data:image/png;base64,iVBORw0KGgo="],
    ["javascript:alert(1)"],
    [""],
    [null],
    [undefined],
  ])("refuses %j", (raw) => {
    expect(proxiedImageSrc(raw, origin)).toBeNull();
  });

  it("refuses everything without a page origin", () => {
    expect(proxiedImageSrc(SIGNED, null)).toBeNull();
  });
});
