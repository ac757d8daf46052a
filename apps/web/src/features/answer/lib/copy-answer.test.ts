import type { AnswerSource } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { answerHtmlFromDom, formatAnswerForCopy } from "./copy-answer.ts";

const ORIGIN = "https://nexus.example";
const SOURCES: AnswerSource[] = [
  {
    title: "First [draft] page",
    url: "https://one.example/a (b)",
    domain: "one.example",
    favicon: null,
    snippet: "",
  },
  {
    title: "Connecting a language model — Ollama",
    url: "/blog/connecting-a-model#ollama",
    domain: "127.0.0.1",
    favicon: null,
    snippet: "",
  },
  {
    title: "Bad <b>",
    url: "javascript:alert(1)",
    domain: "evil.example",
    favicon: null,
    snippet: "",
  },
];

describe("formatAnswerForCopy", () => {
  it("appends the numbered sources with absolute URLs to the plain text", () => {
    const copied = formatAnswerForCopy({
      markdown: "Fact [1]. Local [2].\n",
      sources: SOURCES,
      origin: ORIGIN,
    });
    expect(copied.plain).toBe(
      [
        "Fact [1]. Local [2].",
        "",
        "Sources:",
        "[1] First [draft] page — https://one.example/a%20(b)",
        "[2] Connecting a language model — Ollama — https://nexus.example/blog/connecting-a-model#ollama",
        "[3] Bad <b>",
      ].join("\n"),
    );
  });

  it("gives Markdown links whose text and target cannot break out", () => {
    const copied = formatAnswerForCopy({ markdown: "Fact [1].", sources: SOURCES, origin: ORIGIN });
    expect(copied.markdown).toBe(
      [
        "Fact [1].",
        "",
        "**Sources**",
        "",
        "1. [First \\[draft\\] page](https://one.example/a%20%28b%29)",
        "2. [Connecting a language model — Ollama](https://nexus.example/blog/connecting-a-model#ollama)",
        "3. Bad <b>",
      ].join("\n"),
    );
  });

  it("lists the sources as an escaped ordered list of links in the HTML", () => {
    const copied = formatAnswerForCopy({
      markdown: "x",
      sources: SOURCES,
      origin: ORIGIN,
      html: "<p>x</p>",
    });
    expect(copied.html).toBe(
      '<p>x</p><p><strong>Sources</strong></p><ol><li><a href="https://one.example/a%20(b)">First [draft] page</a></li>' +
        '<li><a href="https://nexus.example/blog/connecting-a-model#ollama">Connecting a language model — Ollama</a></li>' +
        "<li>Bad &#60;b&#62;</li></ol>",
    );
  });

  it("copies an answer without sources as it is", () => {
    expect(formatAnswerForCopy({ markdown: "Just <this>\n", sources: [], origin: ORIGIN })).toEqual(
      {
        plain: "Just <this>",
        markdown: "Just <this>",
        html: "<pre>Just &#60;this&#62;</pre>",
      },
    );
  });
});

describe("answerHtmlFromDom", () => {
  it("keeps the text, turns chips into linked [n] and drops buttons, icons and attributes", () => {
    const root = document.createElement("div");
    root.innerHTML =
      '<p class="x">Fact <a data-citation="1" class="chip" href="https://one.example/">1</a>' +
      '<button data-citation="3">3</button>.</p>' +
      '<div data-code=""><button>Copy</button><pre><code class="hljs">a</code></pre></div>' +
      '<span aria-hidden="true">dup</span><svg></svg>';
    expect(answerHtmlFromDom(root, SOURCES, ORIGIN)).toBe(
      '<p>Fact <a href="https://one.example/a%20(b)">[1]</a><span>[3]</span>.</p><div><pre><code>a</code></pre></div>',
    );
  });
});
