import type { AnswerSource } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { answerToContent } from "./answer-to-doc.ts";

const source = (title: string, url: string): AnswerSource => ({
  title,
  url,
  domain: "example.org",
  favicon: null,
  snippet: "",
});

const SOURCES = [
  source(
    "Harbour report — Budget",
    "/app/nexdocs/0b6f3c1e-8a3d-4d7c-9a57-2f0e6c1b9d42/T1?section=3",
  ),
  source("Tides explained", "https://tides.example.org/moon"),
  source("minutes.pdf, p. 4", "/app/document-chat/0b6f3c1e-8a3d-4d7c-9a57-2f0e6c1b9d43?chunk=2"),
];

describe("an answer inserted into a NexDocs document", () => {
  it("turns [n] into citation chips that keep their source: the section, the page, the file", () => {
    const [first] = answerToContent(
      'Forty thousand pounds [1: "forty thousand pounds"] and the moon [2][3]. Not [9].',
      SOURCES,
    );
    expect(first?.type).toBe("paragraph");
    const chips = first?.content?.filter((n) => n.type === "citation").map((n) => n.attrs);
    expect(chips).toEqual([
      { title: "Harbour report — Budget" },
      { title: "Tides explained", url: "https://tides.example.org/moon" },
      { title: "minutes.pdf", file: "minutes.pdf", page: "4" },
    ]);
    // A number with no source stays as written; the quote of a marker is not in the text.
    const text = first?.content?.map((n) => n.text ?? "").join("");
    expect(text).toContain("Not [9].");
    expect(text).not.toContain('"forty thousand pounds"');
  });

  it("keeps headings, lists, bold and http links, and makes no link of anything else", () => {
    const blocks = answerToContent(
      "## Costs\n\n- **Dredging** [1]\n- Repairs\n\n1. First\n2. Second\n\nSee [the minutes](https://x.example/m) or [this](javascript:alert(1)).",
      SOURCES,
    );
    expect(blocks.map((b) => b.type)).toEqual([
      "heading",
      "bulletList",
      "orderedList",
      "paragraph",
    ]);
    expect(blocks[0]?.attrs).toEqual({ level: 2 });
    const item = blocks[1]?.content?.[0]?.content?.[0]?.content ?? [];
    expect(item[0]).toEqual({ type: "text", text: "Dredging", marks: [{ type: "bold" }] });
    expect(item.some((n) => n.type === "citation")).toBe(true);
    const links = JSON.stringify(blocks[3]);
    expect(links).toContain('"href":"https://x.example/m"');
    expect(links).not.toContain("javascript");
  });
});
