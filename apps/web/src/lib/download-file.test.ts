import { describe, expect, it } from "vitest";
import { dispositionFileName } from "./download-file.ts";

describe("dispositionFileName", () => {
  it("prefers the UTF-8 name, falls back to the plain one", () => {
    expect(
      dispositionFileName(
        `attachment; filename="Caf_-menu.pdf"; filename*=UTF-8''Caf%C3%A9-menu.pdf`,
      ),
    ).toBe("Café-menu.pdf");
    expect(dispositionFileName('attachment; filename="plain.md"')).toBe("plain.md");
    expect(dispositionFileName(`attachment; filename="x.md"; filename*=UTF-8''%E0%A4`)).toBe(
      "x.md",
    );
    expect(dispositionFileName(null)).toBeNull();
  });
});
