import { SIGN_IN_LINK_FRAGMENT } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import {
  consumeSignInTokenFromUrl,
  readSignInToken,
  SIGN_IN_FRAGMENT_KEY,
} from "./sign-in-link.ts";

const TOKEN = "a".repeat(43);

describe("sign-in link", () => {
  it("uses the contracts' fragment key", () => {
    expect(SIGN_IN_FRAGMENT_KEY).toBe(SIGN_IN_LINK_FRAGMENT);
  });

  it("reads the token from the hash", () => {
    expect(readSignInToken(`#signin=${TOKEN}`)).toBe(TOKEN);
    expect(readSignInToken(`#x=1&signin=${TOKEN}`)).toBe(TOKEN);
    expect(readSignInToken("#signin=")).toBe("");
    expect(readSignInToken("#other")).toBeNull();
    expect(readSignInToken("")).toBeNull();
  });

  it("removes the token from the address bar", () => {
    window.history.replaceState(null, "", `/app?x=1#signin=${TOKEN}`);
    expect(consumeSignInTokenFromUrl()).toBe(TOKEN);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      "/app?x=1",
    );
    expect(consumeSignInTokenFromUrl()).toBeNull();
  });
});
