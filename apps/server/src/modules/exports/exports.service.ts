import {
  EXPORT_CONTENT_TYPES,
  EXPORT_WORDS,
  type ExportFormat,
  type ExportWords,
  exportFileStem,
  languageFromAcceptLanguage,
  type ThreadResponse,
  type UiLanguage,
} from "@nexus/contracts";
import { declarationOf } from "../../ai/chat/chat-kinds.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as history from "../history/history.service.ts";
import * as threads from "../threads/threads.service.ts";
import * as users from "../users/users.service.ts";
import { type ExportDoc, exportTurns } from "./export-doc.ts";
import type { ExportImages } from "./export-images.ts";
import { exportChunks, exportMarkdown } from "./export-markdown.ts";
import { renderFile } from "./export-render.ts";
import { type ZipFile, zipStream } from "./export-zip.ts";

/**
 * Exports (issue 42 scope 5): a thread of any kind as Markdown, PDF or Word, read through the one
 * thread API (threads.service: what GET /api/threads/:id gives its owner, so another person's
 * thread is the same 404 and nothing but the thread's own messages is written — no prompt, no
 * instructions); a whole history as a streamed ZIP of Markdown files with an index.
 */

/** Text as Markdown reads it literally on one line (for other modules writing export Markdown). */
export { escapeInline } from "./export-markdown.ts";

/**
 * `attachment` with the file's name: an ASCII stand-in for old clients, the UTF-8 name in
 * `filename*` (RFC 6266). The name is already safe (exportFileStem: letters, digits and '-').
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export type { ExportDoc, ExportSource } from "./export-doc.ts";
export {
  type EmbeddedImage,
  EXPORT_IMAGE_BYTES,
  type ExportImages,
} from "./export-images.ts";

export interface ThreadExport {
  body: Uint8Array;
  fileName: string;
  contentType: string;
}

/** What an export's header says a thread is: its kind's label and its subject. */
function aboutOf(
  deps: Pick<Deps, "chatKinds">,
  thread: ThreadResponse,
  words: ExportWords,
): string {
  const label = words.kinds[thread.kind] ?? declarationOf(deps.chatKinds, thread.kind).label;
  return thread.subject ? `${label} · ${thread.subject.name}` : label;
}

/** Languages whose export words the PDF's font draws (export-pdf.ts: Roboto, Latin scripts). */
const PDF_LANGUAGES: ReadonlySet<UiLanguage> = new Set(["en", "de", "fr", "es"]);

/**
 * The language a file of `format` writes its own words in: the person's, except in a PDF, whose
 * font (Roboto) draws Latin scripts only — its words stay in English otherwise.
 */
export function fileLanguage(language: UiLanguage, format: ExportFormat): UiLanguage {
  return format === "pdf" && !PDF_LANGUAGES.has(language) ? "en" : language;
}

/**
 * The language an export writes its own words in: the person's interface language (Settings →
 * Language), else the first of ours their browser asks for, else English.
 */
export async function exportLanguage(
  deps: Pick<Deps, "db">,
  user: SessionUser,
  acceptLanguage?: string | null,
): Promise<UiLanguage> {
  return (
    (await users.uiLanguageOf(deps, user.id)) ?? languageFromAcceptLanguage(acceptLanguage) ?? "en"
  );
}

function firstQuestion(thread: ThreadResponse): string {
  const first = thread.messages.find((m) => m.role === "user");
  const text = first?.parts.find((p) => p.type === "text")?.text;
  return typeof text === "string" ? text : "";
}

function docOf(
  deps: Pick<Deps, "chatKinds" | "env">,
  thread: ThreadResponse,
  title: string | null,
  language: UiLanguage,
): ExportDoc {
  const stamps = thread.entries.map((e) => e.timestamp);
  const words = EXPORT_WORDS[language];
  return {
    title: title ?? thread.subject?.name ?? (firstQuestion(thread) || words.untitled),
    about: aboutOf(deps, thread, words),
    createdAt: stamps[0] ?? null,
    updatedAt: stamps[stamps.length - 1] ?? null,
    turns: exportTurns(thread.messages, deps.env.APP_URL, words),
    language,
    words,
  };
}

async function render(format: ExportFormat, doc: ExportDoc): Promise<Uint8Array> {
  if (format === "md") return new TextEncoder().encode(exportMarkdown(doc));
  return renderFile({ format, chunks: exportChunks(doc), title: doc.title });
}

/** One of the caller's threads as a file (a thread they cannot read is the thread API's 404). */
export async function exportThread(options: {
  deps: Deps;
  user: SessionUser;
  threadId: string;
  format: ExportFormat;
  /** The request's Accept-Language (the export's words when the person chose no language). */
  acceptLanguage?: string | null;
}): Promise<ThreadExport> {
  const { deps, user, threadId, format } = options;
  const thread = await threads.thread({ deps, user, threadId });
  const title = await history.ownThreadTitle(deps, { userId: user.id, threadId });
  const language = await exportLanguage(deps, user, options.acceptLanguage);
  const doc = docOf(deps, thread, title, fileLanguage(language, format));
  return {
    body: await render(format, doc),
    fileName: `${exportFileStem(doc.title)}.${format}`,
    contentType: EXPORT_CONTENT_TYPES[format],
  };
}

/**
 * One of the caller's threads as an export reads it (its title, and its turns with their sources
 * numbered through the thread and their citations as `[^n]`): NexDocs' "Open in NexDocs". With
 * `messageId`, only that reply and the question before it. Another person's thread, like a
 * missing one or a reply not in it, is the thread API's 404.
 */
export async function threadDoc(options: {
  deps: Deps;
  user: SessionUser;
  threadId: string;
  messageId?: string | undefined;
}): Promise<ExportDoc> {
  const { deps, user, threadId, messageId } = options;
  const thread = await threads.thread({ deps, user, threadId });
  const title = await history.ownThreadTitle(deps, { userId: user.id, threadId });
  let messages = thread.messages;
  if (messageId) {
    const at = messages.findIndex((m) => m.id === messageId && m.role === "assistant");
    if (at < 0) throw new AppError("not_found", "This answer is not in this thread.");
    const question = messages[at - 1];
    const reply = messages[at] as (typeof messages)[number];
    messages = question?.role === "user" ? [question, reply] : [reply];
  }
  const language = await exportLanguage(deps, user);
  return docOf(deps, { ...thread, messages }, messageId ? null : title, language);
}

/** Threads per page of the history ZIP: one statement each, and all a page holds in memory. */
export const ZIP_PAGE_THREADS = 100;

/**
 * The caller's history a page of threads at a time (by thread id), each written as
 * `<prefix><title>-<thread id>.md`; null after the last page.
 */
export function historyPages(options: {
  deps: Deps;
  user: SessionUser;
  pageThreads?: number;
  prefix?: string;
  language?: UiLanguage;
}): () => Promise<ZipFile[] | null> {
  const { deps, user } = options;
  const language = options.language ?? "en";
  const size = options.pageThreads ?? ZIP_PAGE_THREADS;
  let after: string | null = null;
  let ended = false;
  return async () => {
    if (ended) return null;
    const page = await history.turnPage(deps, {
      userId: user.id,
      afterThreadId: after,
      threads: size,
    });
    const last = page.threads[page.threads.length - 1];
    if (!last) return null;
    after = last.threadId;
    if (page.threads.length < size) ended = true;
    const read = await threads.threadsFromTurns({ deps, user, threads: page.threads });
    return read.map((thread, i): ZipFile => {
      const own = page.threads[i];
      const doc = docOf(deps, thread, own?.ownTitle ?? own?.turns[0]?.query ?? null, language);
      const file = `${exportFileStem(doc.title)}-${thread.threadId}.md`;
      return {
        name: `${options.prefix ?? ""}${file}`,
        text: exportMarkdown(doc),
        entry: {
          id: thread.threadId,
          kind: thread.kind,
          title: doc.title,
          createdAt: doc.createdAt ?? "",
          updatedAt: doc.updatedAt ?? "",
          file,
        },
      };
    });
  };
}

/** The caller's whole history as a ZIP, streamed: a Markdown file per thread, then `index.json`. */
export function historyZip(options: {
  deps: Deps;
  user: SessionUser;
  pageThreads?: number;
  language?: UiLanguage;
}): ReadableStream<Uint8Array> {
  return zipStream(historyPages(options));
}

/**
 * A Markdown document (a NexDocs document's export Markdown) as a file of `format`, drawn by the
 * same renderers as thread exports (in a worker thread when large).
 */
export async function markdownFile(options: {
  markdown: string;
  title: string;
  format: ExportFormat;
  /** Images DOCX and PDF embed, by their address in the Markdown (Markdown keeps the links). */
  images?: ExportImages;
}): Promise<ThreadExport> {
  const { markdown, title, format, images } = options;
  const fileName = `${exportFileStem(title || "document")}.${format}`;
  const contentType = EXPORT_CONTENT_TYPES[format];
  if (format === "md") return { body: new TextEncoder().encode(markdown), fileName, contentType };
  // Pieces of about 8,000 characters at block boundaries (blank lines outside code fences), so
  // a long document is parsed a piece at a time like a long thread.
  const chunks: string[] = [];
  let current = "";
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && line.trim() === "" && current.length > 8_000) {
      chunks.push(current);
      current = "";
      continue;
    }
    current += `${line}\n`;
  }
  if (current.trim()) chunks.push(current);
  return { body: await renderFile({ format, chunks, title, images }), fileName, contentType };
}
