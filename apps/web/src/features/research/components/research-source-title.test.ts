import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { sourceTitle } from "./research-source-link.tsx";

afterEach(async () => {
  await activateLocale("en");
});

describe("a research source's title in the lists", () => {
  it("words a file passage's place in French; a web page's title and a bare address stay", async () => {
    await activateLocale("fr");
    const file = { kind: "file" as const, url: "/app/document-chat/x?chunk=1&page=4" };
    expect(sourceTitle({ ...file, title: "deck.pptx, slide 4" })).toBe("deck.pptx, diapositive 4");
    expect(sourceTitle({ ...file, title: "notes.docx, Methods" })).toBe("notes.docx, Methods");
    const web = { kind: "web" as const, url: "https://example.com/a" };
    expect(sourceTitle({ ...web, title: "Minutes, p. 3" })).toBe("Minutes, p. 3");
    expect(sourceTitle({ ...web, title: "" })).toBe("https://example.com/a");
  });
});
