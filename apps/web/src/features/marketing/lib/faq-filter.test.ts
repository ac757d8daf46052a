import { describe, expect, it } from "vitest";
import { filterFaq, highlightParts } from "./faq-filter.ts";

const items = [
  { id: "is-nexus-free", question: "Is Nexus free?", text: "Yes, it is open source." },
  { id: "where", question: "Where is my sign-in e-mail?", text: "Check the server log for SMTP." },
  { id: "db", question: "Which database does Nexus use?", text: "PostgreSQL, embedded or yours." },
];

describe("filterFaq", () => {
  it("matches every word of the query in the question or the answer, case-insensitively", () => {
    expect(filterFaq(items, "").map((i) => i.id)).toEqual(["is-nexus-free", "where", "db"]);
    expect(filterFaq(items, "  nexus ").map((i) => i.id)).toEqual(["is-nexus-free", "db"]);
    expect(filterFaq(items, "smtp LOG").map((i) => i.id)).toEqual(["where"]);
    expect(filterFaq(items, "nexus smtp")).toEqual([]);
  });
});

describe("highlightParts", () => {
  it("marks each occurrence of the query's words, keeping the original case", () => {
    expect(highlightParts("Is Nexus free? nexus!", "nexus")).toEqual([
      { text: "Is ", match: false },
      { text: "Nexus", match: true },
      { text: " free? ", match: false },
      { text: "nexus", match: true },
      { text: "!", match: false },
    ]);
  });

  it("treats regex characters literally and returns the text whole without a query", () => {
    expect(highlightParts("a (b) c", "(b)")).toEqual([
      { text: "a ", match: false },
      { text: "(b)", match: true },
      { text: " c", match: false },
    ]);
    expect(highlightParts("plain", " ")).toEqual([{ text: "plain", match: false }]);
  });
});
