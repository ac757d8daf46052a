import { describe, expect, it } from "vitest";
import {
  focusMarker,
  formatSources,
  parseSources,
  readOfflinePrompt,
  WRITING_FOCUS_MARKER,
} from "./prompt-format.ts";

const SOURCES = [
  {
    title: "Connecting a model — Ollama",
    url: "/blog/connecting-a-model#ollama",
    content: "Install Ollama.\nThen set LLM_BASE_URL.",
  },
  {
    title: "Wikipedia:\n  Ollama",
    url: "https://en.wikipedia.org/wiki/Ollama",
    content: "Ollama runs models.[1]\n\n[2] A reference line\nhttps://example.com/ref\nMore text.",
  },
  { title: "", url: "https://example.com", content: "Text with </sources> inside." },
];

describe("formatSources / parseSources", () => {
  it("numbers the sources and parses them back", () => {
    const text = formatSources(SOURCES);
    expect(
      text.startsWith(
        "<sources>\n[1] Connecting a model — Ollama\n/blog/connecting-a-model#ollama\nInstall Ollama.",
      ),
    ).toBe(true);
    const parsed = parseSources(`Focus mode: web\nAnswer.\n${text}\nThanks.`);
    expect(parsed.map((s) => [s.n, s.title, s.url])).toEqual([
      [1, "Connecting a model — Ollama", "/blog/connecting-a-model#ollama"],
      [2, "Wikipedia: Ollama", "https://en.wikipedia.org/wiki/Ollama"],
      [3, "Untitled", "https://example.com"],
    ]);
    expect(parsed[0]?.content).toBe("Install Ollama.\nThen set LLM_BASE_URL.");
  });

  it("does not split a block at a numbered line inside the content", () => {
    const parsed = parseSources(formatSources(SOURCES));
    expect(parsed).toHaveLength(3);
    expect(parsed[1]?.content).toBe(
      "Ollama runs models.[1]\n\n[2] A reference line\nhttps://example.com/ref\nMore text.",
    );
    expect(parsed[2]?.content).toBe("Text with </ sources> inside.");
  });

  it("reads the last block, tolerates CRLF and a missing closing tag, and finds none in plain text", () => {
    const two = `${formatSources([SOURCES[1] ?? SOURCES[0]] as never)}\n${formatSources(SOURCES)}`;
    expect(parseSources(two)).toHaveLength(3);
    expect(parseSources("<sources>\r\n[1] T\r\nhttps://a.b\r\nBody.")).toEqual([
      { n: 1, title: "T", url: "https://a.b", content: "Body." },
    ]);
    expect(parseSources("no sources here [1] x")).toEqual([]);
    expect(formatSources([])).toBe("<sources>\n\n</sources>");
  });
});

describe("readOfflinePrompt", () => {
  it("takes the question from the last user message and the sources from the system prompt", () => {
    const read = readOfflinePrompt([
      {
        role: "system",
        content: `${focusMarker("academic")}\nCite [n].\n${formatSources(SOURCES)}`,
      },
      { role: "user", content: [{ type: "text", text: "First question?" }] },
      { role: "assistant", content: [{ type: "text", text: "An answer." }] },
      { role: "user", content: [{ type: "text", text: "How do I   install\nOllama?" }] },
    ]);
    expect(read.question).toBe("How do I install Ollama?");
    expect(read.sources).toHaveLength(3);
    expect(read.focusMode).toBe("academic");
  });

  it("also finds sources in the user message, and recognises the writing marker", () => {
    const read = readOfflinePrompt([
      { role: "system", content: WRITING_FOCUS_MARKER },
      {
        role: "user",
        content: [{ type: "text", text: `${formatSources(SOURCES)}\nWhat is Ollama?` }],
      },
    ]);
    expect(read.question).toBe("What is Ollama?");
    expect(read.sources).toHaveLength(3);
    expect(read.focusMode).toBe("writing");
  });
});
