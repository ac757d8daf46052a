import type { DocumentText, SafeNode } from "@nexus/contracts";

/**
 * The starter questions of an empty document chat (issue 41, scope 5), drawn from the document
 * itself, with no model (offline too): a spreadsheet's sheets and its header's number columns, a
 * presentation's slide titles, a text's own headings. "Summarise this" comes first; a document
 * with no headings, titles or sheets gets general questions that suit its kind.
 */

const MAX = 4;
const quoted = (text: string) => `“${text.length > 48 ? `${text.slice(0, 47).trimEnd()}…` : text}”`;
const usable = (text: string) => text.trim().length >= 3 && text.trim().length <= 80;

function sheetStarters(text: DocumentText): string[] {
  const out: string[] = [];
  for (const page of text.pages) {
    const view = page.view;
    if (view?.type !== "sheet" || view.rows.length === 0) continue;
    if (view.name && usable(view.name)) out.push(`What does the sheet ${quoted(view.name)} show?`);
    // A header row of text over a column of numbers: ask about that column.
    const [header, ...body] = view.rows.filter((r) => r.c.some((c) => c !== null));
    if (!header || body.length === 0) continue;
    header.c.forEach((cell, col) => {
      if (cell?.t !== "s" || !usable(cell.v)) return;
      const numbers = body.slice(0, 50).filter((r) => r.c[col]?.t === "n").length;
      if (numbers >= Math.min(3, body.length))
        out.push(`What are the highest and lowest values of ${quoted(cell.v)}?`);
      const dates = body.slice(0, 50).filter((r) => r.c[col]?.t === "d").length;
      if (dates >= Math.min(3, body.length)) out.push(`What period does ${quoted(cell.v)} cover?`);
    });
  }
  return out.length ? out : ["What are the key figures?", "What trends stand out?"];
}

function slideStarters(text: DocumentText): string[] {
  const out: string[] = [];
  for (const page of text.pages) {
    if (page.view?.type !== "slide") continue;
    const title = page.view.blocks.find((b) => b.k === "title");
    if (title && "text" in title && usable(title.text))
      out.push(`What does ${page.label.toLowerCase()}, ${quoted(title.text)}, say?`);
  }
  return out.length ? out : ["What is the main point of each slide?", "What do the notes add?"];
}

function headingStarters(text: DocumentText): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (heading: string) => {
    const key = heading.trim().toLocaleLowerCase();
    if (!usable(heading) || seen.has(key)) return;
    seen.add(key);
    out.push(`What does ${quoted(heading.trim())} say?`);
  };
  const textOf = (node: SafeNode): string =>
    typeof node === "string" ? node : node.children.map(textOf).join("");
  const headingsOf = (node: SafeNode) => {
    if (typeof node === "string") return;
    if (/^h[1-6]$/.test(node.tag)) add(textOf(node).replace(/\s+/g, " "));
    else node.children.forEach(headingsOf);
  };
  for (const page of text.pages) {
    // A formatted view has every heading; else the headings passages start under.
    if (page.view?.type === "html") page.view.nodes.forEach(headingsOf);
    else for (const passage of page.passages) add(passage.headingPath.split(" › ").at(-1) ?? "");
  }
  // The first heading is often the title: the sections under it make better questions.
  return out.length > 2 ? out.slice(1) : out;
}

export function documentStarters(kind: string, text: DocumentText | undefined): string[] {
  const sheets = kind === "xlsx" || kind === "ods" || kind === "csv";
  const slides = kind === "pptx" || kind === "odp";
  const general = sheets
    ? ["What are the key figures?", "What trends stand out?", "Are there any outliers?"]
    : slides
      ? ["What is the main message?", "What are the key points?", "What should I remember?"]
      : [
          "What are the key points?",
          "What does it conclude?",
          "What questions does it leave open?",
        ];
  const own = !Array.isArray(text?.pages)
    ? []
    : sheets
      ? sheetStarters(text as DocumentText)
      : slides
        ? slideStarters(text as DocumentText)
        : headingStarters(text as DocumentText);
  const picked = [...new Set([...own, ...general])].slice(0, MAX - 1);
  return ["Summarise this", ...picked];
}
