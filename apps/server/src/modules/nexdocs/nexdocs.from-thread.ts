import {
  citationMarkdown,
  NEXDOCS_LIMITS,
  type NexdocsDocument,
  type NexdocsFromThread,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import * as exporter from "../exports/exports.service.ts";

/**
 * "Open in NexDocs" (issue 40 scope 5): one of the caller's threads of any kind (an answer, an
 * agent or document chat, a research report), or one reply of it, as a new document. The thread
 * is read as its export reads it (exports.service threadDoc: the thread API's 404 for anyone but
 * its owner); each turn is a section (its question a heading) when there are several; every
 * citation becomes a citation chip keeping its source (title, URL, or file and page), and a
 * Sources list ends the document.
 */

const FOOTNOTE = /\[\^(\d+)\]/g;

function chip(source: exporter.ExportSource): string {
  const web = source.url && /^https?:\/\//i.test(source.url);
  return citationMarkdown({
    title: source.title || "Source",
    url: web ? source.url : null,
    file: web ? null : source.title || "File",
    page: source.page || null,
  });
}

const escapeName = (text: string) => text.replace(/([[\]\\*_`])/g, "\\$1");

function sourcesList(sources: readonly exporter.ExportSource[]): string {
  const lines = sources.map((s) => {
    const name = escapeName(s.title || s.url || "Source");
    const link = s.url && /^https?:\/\//i.test(s.url) ? `[${name}](${s.url})` : name;
    const detail = s.detail ? ` — ${s.detail.replace(/\n+/g, " ")}` : "";
    return `${s.n}. ${link}${detail}`;
  });
  return `## Sources\n\n${lines.join("\n")}`;
}

/** The thread's Markdown: sections, citation chips, and the Sources list. */
export function threadMarkdown(doc: exporter.ExportDoc): string {
  const sources = new Map<number, exporter.ExportSource>();
  for (const turn of doc.turns) for (const s of turn.sources) sources.set(s.n, s);
  const sections = doc.turns.map((turn) => {
    const answer = turn.answer.replace(FOOTNOTE, (whole, n: string) => {
      const source = sources.get(Number(n));
      return source ? chip(source) : whole;
    });
    const heading =
      doc.turns.length > 1 && turn.question.trim()
        ? `## ${turn.question.replace(/\s+/g, " ").trim()}\n\n`
        : "";
    return `${heading}${answer}`.trim();
  });
  const listed = [...sources.values()].sort((a, b) => a.n - b.n);
  const body = sections.filter(Boolean).join("\n\n");
  return listed.length > 0 ? `${body}\n\n${sourcesList(listed)}` : body;
}

export async function fromThread(
  deps: Deps,
  user: SessionUser,
  input: NexdocsFromThread,
  create: (input: { title: string; markdown: string }) => Promise<NexdocsDocument>,
): Promise<NexdocsDocument> {
  const doc = await exporter.threadDoc({ deps, user, ...input });
  const markdown = threadMarkdown(doc).slice(0, NEXDOCS_LIMITS.markdown);
  return create({ title: doc.title.slice(0, NEXDOCS_LIMITS.title).trim(), markdown });
}
