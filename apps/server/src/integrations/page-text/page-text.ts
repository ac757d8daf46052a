import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { htmlStreamText } from "./html-stream-text.ts";

/**
 * A fetched page's readable text: Mozilla Readability over linkedom's DOM (the body's text when
 * Readability finds no article) for pages of an ordinary shape, a linear walk (html-stream-text.ts)
 * for the rest. Readability's cost grows far faster than the page: 2,000 nested <div>s (22 KB)
 * took 21 s and deeper ones overflowed the stack, 2 MB of <br> took 5 s. So a first linear pass
 * measures the markup, and a page deeper than PAGE_TEXT_CAPS.maxDepth, with more elements than
 * maxElements, or longer than readabilityChars is read by that pass alone.
 *
 * This runs only inside the page-text workers (page-text-pool.ts), never on a thread that serves
 * requests: readPageText is what callers use.
 */

export interface PageTextInput {
  html: string;
  contentType: string;
  maxChars: number;
}

export interface PageText {
  text: string;
  /** The <title>, trimmed; empty when there is none. */
  title: string;
  /** How it was read: Readability over a DOM, or the linear walk (a page over a cap). */
  via: "readability" | "linear" | "plain";
}

export const PAGE_TEXT_CAPS = {
  /** Characters of markup looked at at all (bodies are capped at 2 MB by their fetch). */
  htmlChars: 4 * 1024 * 1024,
  /** Longer markup is read linearly. */
  readabilityChars: 1024 * 1024,
  /** Deeper nesting is read linearly (Readability took 0.1 s at 200 levels, 1.4 s at 800). */
  maxDepth: 200,
  /** More elements are read linearly (Readability took ~0.5 s at 20,000). */
  maxElements: 15_000,
};

type ReadabilityDocument = ConstructorParameters<typeof Readability>[0];

export const collapse = (text: string) =>
  text
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();

export function pageText(input: PageTextInput, caps = PAGE_TEXT_CAPS): PageText {
  const { contentType, maxChars } = input;
  const html =
    input.html.length > caps.htmlChars ? input.html.slice(0, caps.htmlChars) : input.html;
  if (contentType.startsWith("text/plain"))
    return {
      text: collapse(html.slice(0, maxChars * 4)).slice(0, maxChars),
      title: "",
      via: "plain",
    };
  const linear = htmlStreamText(html, { maxChars: maxChars + 1 });
  if (
    html.length > caps.readabilityChars ||
    linear.depth > caps.maxDepth ||
    linear.elements > caps.maxElements
  )
    return {
      text: collapse(linear.builder.build().text).slice(0, maxChars),
      title: linear.title.slice(0, 200),
      via: "linear",
    };
  const { document } = parseHTML(html);
  for (const node of document.querySelectorAll("script, style, noscript, template")) node.remove();
  let text = "";
  try {
    // linkedom's document implements the DOM Readability walks; its types are its own.
    const article = new Readability(
      document.cloneNode(true) as unknown as ReadabilityDocument,
    ).parse();
    text = article?.textContent ?? "";
  } catch {
    text = "";
  }
  if (collapse(text).length < 200) text = document.body?.textContent ?? text;
  const title = (document.title ?? "").replace(/\s+/g, " ").trim() || linear.title;
  return {
    text: collapse(text).slice(0, maxChars),
    title: title.slice(0, 200),
    via: "readability",
  };
}
