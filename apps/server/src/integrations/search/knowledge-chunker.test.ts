import { describe, expect, it } from "vitest";
import { parseKnowledgeDocument } from "./knowledge-chunker.ts";

const DOC = `---
title: Connecting a model
summary: "How to connect: any OpenAI-compatible API."
tags: [llm, ollama, "lm studio"]
---

Intro sentence one with a [link](https://example.com) and **bold** text.
It continues on a second line.

## Ollama

Install Ollama and keep it running.

\`\`\`sh
ollama pull llama3.1
\`\`\`

- First item that wraps
  onto a second line.
- Second item.

### Is it free?

Yes.

# Ignored top-level heading
`;

describe("parseKnowledgeDocument", () => {
  const doc = parseKnowledgeDocument({ slug: "connecting-a-model", markdown: DOC });

  it("reads the front matter, with quoted values and lists", () => {
    expect(doc.title).toBe("Connecting a model");
    expect(doc.summary).toBe("How to connect: any OpenAI-compatible API.");
    expect(doc.tags).toEqual(["llm", "ollama", "lm studio"]);
    expect(doc.url).toBe("/blog/connecting-a-model");
  });

  it("splits by heading, joins wrapped lines, cleans inline markdown, keeps code with its prose", () => {
    expect(doc.passages.map((p) => [p.ordinal, p.heading, p.url])).toEqual([
      [0, null, "/blog/connecting-a-model"],
      [1, "Ollama", "/blog/connecting-a-model#ollama"],
      [2, "Is it free?", "/blog/connecting-a-model#is-it-free"],
    ]);
    expect(doc.passages[0]?.content).toBe(
      "Intro sentence one with a link and bold text. It continues on a second line.",
    );
    expect(doc.passages[1]?.content).toBe(
      [
        "Install Ollama and keep it running.",
        "```sh\nollama pull llama3.1\n```",
        "- First item that wraps onto a second line.",
        "- Second item.",
      ].join("\n"),
    );
    expect(doc.passages[2]?.content).toBe("Yes.");
  });

  it("uses the url of the front matter (the FAQ lives at /faq)", () => {
    const faq = parseKnowledgeDocument({
      slug: "faq",
      markdown: "---\ntitle: FAQ\nurl: /faq\n---\n## Is Nexus free?\nYes, it is.\n",
    });
    expect(faq.passages[0]?.url).toBe("/faq#is-nexus-free");
  });

  it("works without front matter (the slug is the title)", () => {
    const bare = parseKnowledgeDocument({ slug: "notes", markdown: "Just text here.\r\n" });
    expect(bare).toMatchObject({ title: "notes", summary: "", tags: [], url: "/blog/notes" });
    expect(bare.passages).toHaveLength(1);
  });

  it("groups a long section into several passages of a few sentences", () => {
    const sentence = "Nexus answers questions with citations from its sources.";
    const paragraphs = Array.from({ length: 12 }, () => `${sentence} ${sentence}`).join("\n\n");
    const long = parseKnowledgeDocument({ slug: "long", markdown: `## Long\n\n${paragraphs}\n` });
    expect(long.passages.length).toBeGreaterThan(2);
    for (const passage of long.passages) {
      expect(passage.heading).toBe("Long");
      expect(passage.content.length).toBeLessThanOrEqual(900);
    }
  });

  it("splits a single very long paragraph at sentence boundaries", () => {
    const sentence = "This sentence is part of one very long paragraph without breaks.";
    const long = parseKnowledgeDocument({
      slug: "long",
      markdown: Array.from({ length: 40 }, () => sentence).join(" "),
    });
    expect(long.passages.length).toBeGreaterThan(1);
    for (const passage of long.passages) expect(passage.content.endsWith(".")).toBe(true);
  });
});
