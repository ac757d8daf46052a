import { describe, expect, it } from "vitest";
import { baseOfGerund, questionFrom } from "./question-phrasing.ts";
import { properQuestion, relatedQuestions } from "./related-questions.ts";

describe("questionFrom", () => {
  it("keeps questions and asks how for instructions and gerunds", () => {
    expect(questionFrom("Is Nexus free?")).toBe("Is Nexus free?");
    expect(questionFrom("Ask your first question")).toBe("How do I ask my first question?");
    expect(questionFrom("Run Nexus as a service")).toBe("How do I run Nexus as a service?");
    expect(questionFrom("Connecting a language model")).toBe("How do I connect a language model?");
    expect(questionFrom("Sharing an answer or a thread")).toBe(
      "How do I share an answer or a thread?",
    );
    expect(questionFrom("Deleting your account")).toBe("How do I delete my account?");
  });

  it("turns clauses after a question word into questions", () => {
    expect(questionFrom("What counts against a limit")).toBe("What counts against a limit?");
    expect(questionFrom("What the reader can do with it")).toBe("What can the reader do with it?");
    expect(questionFrom("How an answer is made")).toBe("How is an answer made?");
    expect(questionFrom("What the Usage page shows")).toBe("What does the Usage page show?");
    expect(questionFrom("What offline mode cannot do")).toBe("What can't offline mode do?");
    expect(questionFrom("When the model fails")).toBe("What happens when the model fails?");
    expect(questionFrom("How to get pro")).toBe("How do I get pro?");
  });

  it("asks about headlines and noun phrases, keeping names' capitals", () => {
    expect(questionFrom("Varnholt Bridge damaged in 2019")).toBe(
      "How was the Varnholt Bridge damaged in 2019?",
    );
    expect(questionFrom("Reasoning mode")).toBe("What is reasoning mode?");
    expect(questionFrom("LM Studio")).toBe("What is LM Studio?");
    expect(questionFrom("Brave Search")).toBe("What is Brave Search?");
    expect(questionFrom("Custom agents")).toBe("What are custom agents?");
    expect(questionFrom("The Security Verification modal")).toBe(
      "What is the Security Verification modal?",
    );
    expect(questionFrom("E-mail: SMTP_URL and MAIL_FROM")).toBe("What are SMTP_URL and MAIL_FROM?");
    expect(questionFrom("A link is a snapshot")).toBe("Is a link a snapshot?");
  });

  it("gives nothing for statements and page names it cannot read safely", () => {
    expect(questionFrom("Agents need a model")).toBeNull();
    expect(questionFrom("Works out of the box")).toBeNull();
    expect(questionFrom("Frequently asked questions")).toBeNull();
    expect(questionFrom("")).toBeNull();
  });

  it("finds the base form of gerunds", () => {
    expect(
      ["getting", "sharing", "taking", "chatting", "reading", "opening"].map(baseOfGerund),
    ).toEqual(["get", "share", "take", "chat", "read", "open"]);
  });
});

describe("relatedQuestions", () => {
  const sources = [
    { title: "Connecting a language model — Ollama", heading: "Ollama" },
    { title: "Connecting a language model — Reasoning mode" },
    { title: "Frequently asked questions — Is Nexus free?", heading: "Is Nexus free?" },
    { title: "Connecting a language model — Reasoning mode" },
    { title: "Appearance, dark mode and colour themes — Colour themes", heading: "Colour themes" },
    { title: "Getting started — Ask your first question", heading: "Ask your first question" },
  ];

  // (A question without content words: every source is on topic.)
  it("proposes up to 5 distinct questions from headings, then titles, deterministically", () => {
    const first = relatedQuestions({ question: "What else can it do?", sources });
    expect(first).toEqual([
      "What is reasoning mode?",
      "Is Nexus free?",
      "What are colour themes?",
      "How do I ask my first question?",
      "How do I connect a language model?",
    ]);
    expect(relatedQuestions({ question: "What else can it do?", sources })).toEqual(first);
    expect(relatedQuestions({ question: "x", sources, max: 3 })).toHaveLength(3);
  });

  it("skips sources that share no word with the question (past the first)", () => {
    const result = relatedQuestions({
      question: "How do I connect Ollama?",
      sources: [
        { title: "Connecting a language model — Ollama", heading: "Ollama" },
        { title: "Appearance — Colour themes", heading: "Colour themes", snippet: "Pick a theme." },
        { title: "Connecting a language model — LM Studio", snippet: "Like Ollama, LM Studio…" },
      ],
    });
    expect(result).toEqual(["What is LM Studio?", "How do I connect a language model?"]);
  });

  it("skips topics that repeat the question and topics without content words", () => {
    const result = relatedQuestions({
      question: "What is Nexus?",
      sources: [{ title: "What is Nexus?" }, { title: "What is Nexus? — Who it is for" }],
    });
    expect(result).toEqual([]);
  });

  it("drops a web page's site name from its title", () => {
    const result = relatedQuestions({
      question: "When was the bridge damaged?",
      sources: [{ title: "Varnholt Bridge damaged in 2019 - Example News" }],
    });
    expect(result).toEqual(["How was the Varnholt Bridge damaged in 2019?"]);
  });

  it("takes a file passage's heading as a topic, never the file name and page", () => {
    const result = relatedQuestions({
      question: "When is the skerry light lit?",
      sources: [
        {
          title: "skerry-light.md, p. 1",
          heading: "Winter lighting hours",
          snippet: "The skerry light…",
        },
        { title: "harbour report.pdf, p. 3", snippet: "The skerry light was repaired." },
      ],
    });
    expect(result).toEqual(["What are winter lighting hours?"]);
  });
});

describe("related questions as a person would ask them (issue 38)", () => {
  it("reads a heading path's last heading, capitalised, one question mark, no ›", () => {
    const out = relatedQuestions({
      question: "Who are the inheritors?",
      sources: [
        { title: "inheritors.pdf, p. 3", heading: "The Inheritors › XVIII", snippet: "inheritors" },
        { title: "inheritors.pdf, p. 4", heading: "The Inheritors › Elsmere Sturgeon" },
      ],
    });
    for (const q of out) {
      expect(q).toMatch(/^\p{Lu}.*[^?]\?$/u);
      expect(q).not.toContain("›");
    }
    expect(out).not.toContain("What is XVIII?");
    expect(out).toContain("What is Elsmere Sturgeon?");
  });

  it("properQuestion capitalises, ends with one question mark and drops bare numbers", () => {
    expect(properQuestion("what is a share link??")).toBe("What is a share link?");
    expect(properQuestion("What is the XVIII?")).toBeNull();
    expect(properQuestion(null)).toBeNull();
  });
});
