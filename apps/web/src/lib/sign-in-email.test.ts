import { STORAGE_KEYS } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "@/test/memory-storage.ts";
import { clearSignInEmail, readSignInEmail, saveSignInEmail } from "./sign-in-email.ts";

describe("stored sign-in address", () => {
  it("is saved as a plain string with its timestamp, read back and cleared", () => {
    const storage = createMemoryStorage();
    const now = new Date(2025, 0, 1, 12, 0);
    saveSignInEmail(storage, "ada@example.com", now);
    expect(storage.snapshot()).toEqual({
      [STORAGE_KEYS.emailForSignIn]: "ada@example.com",
      [STORAGE_KEYS.emailForSignInSavedAt]: String(now.getTime()),
    });
    expect(readSignInEmail(storage)).toBe("ada@example.com");
    clearSignInEmail(storage);
    expect(storage.snapshot()).toEqual({});
    expect(readSignInEmail(storage)).toBeNull();
  });

  it("also reads a JSON value and ignores junk", () => {
    const json = createMemoryStorage({
      [STORAGE_KEYS.emailForSignIn]: JSON.stringify({ email: "ada@example.com", savedAt: 1 }),
    });
    expect(readSignInEmail(json)).toBe("ada@example.com");
    for (const junk of ["", "   ", "not-an-address", "{broken", JSON.stringify({ email: 3 })]) {
      expect(
        readSignInEmail(createMemoryStorage({ [STORAGE_KEYS.emailForSignIn]: junk })),
      ).toBeNull();
    }
  });
});
