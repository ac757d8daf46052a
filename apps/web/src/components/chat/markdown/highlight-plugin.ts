import type { Element, ElementContent, Root, RootContent } from "hast";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import plaintext from "highlight.js/lib/languages/plaintext";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";

/**
 * rehype plugin: syntax highlighting for fenced code with a language, using lowlight with only the
 * grammars answers commonly need (rehype-highlight would bundle lowlight's 37 "common" grammars
 * whatever languages it is given). Unknown languages and code without a language stay plain.
 */
let lowlight: ReturnType<typeof createLowlight> | null = null;

/** The highlighter, built when the first fenced code with a language needs it (building every
 * grammar costs tens of milliseconds, wasted on the many answers without code). */
function getLowlight(): ReturnType<typeof createLowlight> {
  if (lowlight) return lowlight;
  lowlight = createLowlight({
    bash,
    c,
    cpp,
    css,
    diff,
    go,
    java,
    javascript,
    json,
    markdown,
    plaintext,
    python,
    rust,
    shell,
    sql,
    typescript,
    xml,
    yaml,
  });
  // The grammars' own aliases cover js/jsx, ts/tsx, sh/zsh, html/svg, py, rs, golang, yml, md,
  // h, cc/c++/hpp, console; add the few that models also write.
  lowlight.registerAlias({
    javascript: ["mjs", "cjs", "node"],
    typescript: ["mts", "cts"],
    bash: ["shellscript"],
    plaintext: ["text", "txt", "plain"],
    json: ["jsonc", "json5"],
  });
  return lowlight;
}

/** Longer code is shown without highlighting (keeps streaming re-renders cheap). */
const MAX_HIGHLIGHT_CHARS = 40_000;

function languageOf(code: Element): string | null {
  const className = code.properties.className;
  if (!Array.isArray(className)) return null;
  for (const name of className) {
    if (typeof name === "string" && name.startsWith("language-")) return name.slice(9);
  }
  return null;
}

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

function highlightCode(code: Element): void {
  const language = languageOf(code);
  if (!language) return;
  const lowlight = getLowlight();
  if (!lowlight.registered(language)) return;
  const text = code.children.map(textOf).join("");
  if (text.length > MAX_HIGHLIGHT_CHARS) return;
  try {
    const result = lowlight.highlight(language, text);
    code.children = result.children.filter(
      (child): child is ElementContent => child.type === "element" || child.type === "text",
    );
    const classes = Array.isArray(code.properties.className) ? code.properties.className : [];
    code.properties.className = [...classes, "hljs"];
  } catch {
    // Leave the code plain; highlighting is cosmetic.
  }
}

function walk(node: Root | RootContent): void {
  if (node.type !== "root" && node.type !== "element") return;
  for (const child of node.children) {
    if (child.type === "element" && child.tagName === "pre") {
      for (const inner of child.children) {
        if (inner.type === "element" && inner.tagName === "code") highlightCode(inner);
      }
    } else {
      walk(child);
    }
  }
}

export function rehypeHighlightSubset() {
  return (tree: Root): undefined => {
    walk(tree);
  };
}
