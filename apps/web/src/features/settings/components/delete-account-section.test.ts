import { describe, expect, it } from "vitest";
import { isDeleteConfirmed } from "./delete-account-section.tsx";

describe("account deletion confirmation", () => {
  it("accepts DELETE or the account's address", () => {
    expect(isDeleteConfirmed("DELETE", "ada@example.com")).toBe(true);
    expect(isDeleteConfirmed(" ADA@example.com ", "ada@example.com")).toBe(true);
    expect(isDeleteConfirmed("delete", "ada@example.com")).toBe(false);
    expect(isDeleteConfirmed("", "ada@example.com")).toBe(false);
    expect(isDeleteConfirmed("bob@example.com", "ada@example.com")).toBe(false);
  });
});
