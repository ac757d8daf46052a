import type { DocumentText, SafeNode } from "@nexus/contracts";
import type { MessageId, MessageValues } from "@/lib/i18n/i18n.ts";

/**
 * The starter questions of an empty document chat (issue 41, scope 5), drawn from the document
 * itself, with no model (offline too): a spreadsheet's sheets and its header's number and date
 * columns, a presentation's slide titles, a text's own headings; a chat over several files asks
 * about the files together. A document with no headings, titles or sheets gets general questions
 * that suit its kind. A click sends the starter as the question, so each is worded in the
 * interface's language (the catalogues' `documents.starter.*`), as the person would type it.
 */

/** How a starter is worded: `t` of lib/i18n (the current language's catalogue). */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** What the chat is about: one file of a kind (its extension), or several files. */
export type StarterSubject = "text" | "sheet" | "slides" | "collection";

const MAX = 4;
const short = (text: string) => (text.length > 48 ? `${text.slice(0, 47).trimEnd()}…` : text);
const usable = (text: string) => text.trim().length >= 3 && text.trim().length <= 80;

const SHEET_KINDS = new Set(["xlsx", "ods", "csv"]);
const SLIDE_KINDS = new Set(["pptx", "odp"]);

/** The subject of a chat over `files` files, the first of kind `kind`. */
export function starterSubject(kind: string, files = 1): StarterSubject {
  if (files > 1) return "collection";
  if (SHEET_KINDS.has(kind)) return "sheet";
  if (SLIDE_KINDS.has(kind)) return "slides";
  return "text";
}

/** Questions that suit the subject when the document gives none of its own. */
const GENERAL: Record<StarterSubject, readonly MessageId[]> = {
  sheet: [
    "documents.starter.sheet.keyFigures",
    "documents.starter.sheet.trends",
    "documents.starter.sheet.outliers",
  ],
  slides: [
    "documents.starter.slides.message",
    "documents.starter.slides.keyPoints",
    "documents.starter.slides.remember",
  ],
  text: [
    "documents.starter.text.keyPoints",
    "documents.starter.text.conclusion",
    "documents.starter.text.openQuestions",
  ],
  collection: [
    "documents.starter.collection.each",
    "documents.starter.collection.differ",
    "documents.starter.collection.common",
    "documents.starter.collection.disagree",
  ],
};

function sheetStarters(text: DocumentText, t: Translate): string[] {
  const out: string[] = [];
  for (const page of text.pages) {
    const view = page.view;
    if (view?.type !== "sheet" || view.rows.length === 0) continue;
    if (view.name && usable(view.name))
      out.push(t("documents.starter.sheet.named", { name: short(view.name) }));
    // A header row of text over a column of numbers (or dates): ask about that column.
    const [header, ...body] = view.rows.filter((r) => r.c.some((c) => c !== null));
    if (!header || body.length === 0) continue;
    header.c.forEach((cell, col) => {
      if (cell?.t !== "s" || !usable(cell.v)) return;
      const column = short(cell.v);
      const numbers = body.slice(0, 50).filter((r) => r.c[col]?.t === "n").length;
      if (numbers >= Math.min(3, body.length))
        out.push(t("documents.starter.sheet.range", { column }));
      const dates = body.slice(0, 50).filter((r) => r.c[col]?.t === "d").length;
      if (dates >= Math.min(3, body.length))
        out.push(t("documents.starter.sheet.period", { column }));
    });
  }
  return out;
}

function slideStarters(text: DocumentText, t: Translate): string[] {
  const out: string[] = [];
  for (const page of text.pages) {
    if (page.view?.type !== "slide") continue;
    const title = page.view.blocks.find((b) => b.k === "title");
    if (title && "text" in title && usable(title.text))
      out.push(
        t("documents.starter.slides.titled", { number: page.page, title: short(title.text) }),
      );
  }
  return out.length
    ? out
    : [t("documents.starter.slides.each"), t("documents.starter.slides.notes")];
}

function headingStarters(text: DocumentText, t: Translate): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (heading: string) => {
    const key = heading.trim().toLocaleLowerCase();
    if (!usable(heading) || seen.has(key)) return;
    seen.add(key);
    out.push(t("documents.starter.text.section", { heading: short(heading.trim()) }));
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

/**
 * The starters of a chat: "Summarise this" first (a file's; a collection's asks about its files
 * instead, as a summary reads one document), then the document's own questions, then general
 * ones for its kind, four in all, in the interface's language.
 */
export function documentStarters(options: {
  kind: string;
  text: DocumentText | undefined;
  /** How many files the chat holds (more than one: a collection). */
  files?: number;
  t: Translate;
}): string[] {
  const { t } = options;
  const subject = starterSubject(options.kind, options.files);
  const general = GENERAL[subject].map((id) => t(id));
  if (subject === "collection") return general.slice(0, MAX);
  const text = Array.isArray(options.text?.pages) ? (options.text as DocumentText) : null;
  const own = !text
    ? []
    : subject === "sheet"
      ? sheetStarters(text, t)
      : subject === "slides"
        ? slideStarters(text, t)
        : headingStarters(text, t);
  const picked = [...new Set([...own, ...general])].slice(0, MAX - 1);
  return [t("documents.starter.summarise"), ...picked];
}
