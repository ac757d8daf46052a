import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { NexdocsNode } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { docToMarkdown, isValidDoc, markdownToDoc } from "./nexdocs.markdown.ts";

/**
 * Issue 40's round trip: every knowledge-base article in content/ (help guides, blog, FAQ) goes
 * Markdown → editor JSON → Markdown through @tiptap/markdown in Node (the server's schema, the
 * editor's node types), and the result is stable: parsed again it gives the same document, and
 * its headings, tables, code blocks and links all survive.
 */
const CONTENT = fileURLToPath(new URL("../../../../../content", import.meta.url));

function articles(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".md"))
        out.push([
          path.relative(CONTENT, full),
          fs.readFileSync(full, "utf8").replace(/^---\n[\s\S]*?\n---\n/, ""),
        ]);
    }
  };
  walk(CONTENT);
  return out;
}

function count(doc: NexdocsNode) {
  const counts = { heading: 0, table: 0, codeBlock: 0, link: 0, listItem: 0 };
  const walk = (node: NexdocsNode) => {
    if (node.type in counts) counts[node.type as keyof typeof counts] += 1;
    if (node.marks?.some((m) => m.type === "link")) counts.link += 1;
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return counts;
}

/** What the source holds, read from its lines (outside code fences). */
function sourceCounts(markdown: string) {
  let fenced = false;
  let headings = 0;
  let tables = 0;
  let codeBlocks = 0;
  let previousRow = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) {
      if (!fenced) codeBlocks += 1;
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    if (/^#{1,6}\s/.test(line)) headings += 1;
    const row = /^\s*\|/.test(line);
    if (row && !previousRow) tables += 1;
    previousRow = row;
  }
  return { headings, tables, codeBlocks };
}

describe("Markdown → editor → Markdown over content/", () => {
  const all = articles();

  it("finds the knowledge base", () => {
    expect(all.length).toBeGreaterThanOrEqual(15);
  });

  it.each(all)("%s is stable and keeps headings, tables, code and links", (_name, source) => {
    const doc = markdownToDoc(source);
    expect(isValidDoc(doc)).toBe(true);
    const once = docToMarkdown(doc);
    const again = markdownToDoc(once);
    expect(again).toEqual(doc);
    expect(docToMarkdown(again)).toBe(once);
    const counts = count(doc);
    const expected = sourceCounts(source);
    expect(counts.heading).toBe(expected.headings);
    expect(counts.table).toBe(expected.tables);
    expect(counts.codeBlock).toBe(expected.codeBlocks);
    const links = (source.match(/\]\((https?:|\/)[^)]*\)/g) ?? []).length;
    expect(counts.link).toBeGreaterThanOrEqual(links > 0 ? 1 : 0);
  });
});

describe("math and images through Markdown", () => {
  it("keeps inline and block math ($…$, $$…$$), leaves prices as text, and keeps own images only", () => {
    const image =
      "/api/nexdocs/00000000-0000-4000-8000-000000000000/images/00000000-0000-4000-8000-000000000001";
    const source = [
      "Euler: $e^{i\\pi} + 1 = 0$, and it costs $5 or $6.",
      "",
      "$$",
      "\\int_0^1 x\\,dx = \\frac{1}{2}",
      "$$",
      "",
      `![Chart](${image})`,
      "",
      "![Pixel](https://evil.example/p.png)",
    ].join("\n");
    const doc = markdownToDoc(source);
    expect(isValidDoc(doc)).toBe(true);
    const types = JSON.stringify(doc);
    expect(types).toContain('"type":"inlineMath","attrs":{"latex":"e^{i\\\\pi} + 1 = 0"}');
    expect(types).toContain('"type":"blockMath"');
    expect(types).toContain("costs $5 or $6.");
    expect(types).not.toContain("evil.example");
    const once = docToMarkdown(doc);
    expect(once).toContain("$e^{i\\pi} + 1 = 0$");
    expect(once).toContain("$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$");
    expect(once).toContain(`![Chart](${image})`);
    expect(markdownToDoc(once)).toEqual(doc);
  });
});
