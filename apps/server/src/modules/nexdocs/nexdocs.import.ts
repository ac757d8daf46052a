import { NEXDOCS_IMPORT_TYPES_MESSAGE, NEXDOCS_LIMITS, type NexdocsNode } from "@nexus/contracts";
import { htmlToText } from "../../integrations/document-text/html-text.ts";
import { parseInProcess } from "../../integrations/document-text/parse-process.ts";
import { safeHtmlView } from "../../integrations/document-text/safe-html.ts";
import { ParseFailure } from "../../integrations/document-text/types.ts";
import { AppError } from "../../lib/errors.ts";
import { BAD_UTF8_MESSAGE } from "../../lib/text-guard.ts";
import { safeNodesToDoc } from "./nexdocs.html.ts";
import { cleanDoc, isValidDoc, markdownToDoc } from "./nexdocs.markdown.ts";

/**
 * An imported file as a document: the type from its bytes (a ZIP is DOCX, text that opens with a
 * tag is HTML, other UTF-8 text is Markdown), never from its name. DOCX is read by mammoth in the
 * parse child process (integrations/document-text, time and memory limits); HTML goes through the
 * document sanitiser (safe-html.ts: no script, handler, style, link or image survives); Markdown
 * through the editor's own parser, its links then cleaned (cleanDoc).
 */

export type ImportKind = "docx" | "html" | "markdown";

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const IMPORT_LIMITS = { maxPages: 1, maxChars: 2_000_000, maxExpandedBytes: 50 * 1024 * 1024 };

function decode(bytes: Uint8Array): string {
  try {
    return strictUtf8
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .replaceAll("\0", "");
  } catch {
    throw new AppError("bad_request", BAD_UTF8_MESSAGE);
  }
}

export function importKind(bytes: Uint8Array): ImportKind {
  if (ZIP.every((b, i) => bytes[i] === b)) return "docx";
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (
    /^<(!doctype html|html|head|body|meta|div|p|h[1-6]|section|article|table|ul|ol)\b/i.test(head)
  )
    return "html";
  if (bytes.includes(0)) throw new AppError("unsupported_media_type", NEXDOCS_IMPORT_TYPES_MESSAGE);
  return "markdown";
}

function titleOf(doc: NexdocsNode): string {
  const heading = doc.content?.find((n) => n.type === "heading");
  const text = (heading?.content ?? [])
    .map((n) => n.text ?? "")
    .join("")
    .trim();
  return text.slice(0, NEXDOCS_LIMITS.title);
}

export async function importDocument(
  bytes: Uint8Array,
): Promise<{ title: string; content: NexdocsNode }> {
  if (bytes.length === 0) throw new AppError("bad_request", "The file is empty.");
  if (bytes.length > NEXDOCS_LIMITS.importBytes)
    throw new AppError(
      "payload_too_large",
      `Import a file of at most ${NEXDOCS_LIMITS.importBytes / 1000} kB.`,
    );
  const kind = importKind(bytes);
  let content: NexdocsNode;
  if (kind === "docx") {
    try {
      const parsed = await parseInProcess({
        kind: "docx",
        bytes,
        limits: IMPORT_LIMITS,
        timeoutMs: 30_000,
        memoryMb: 512,
      });
      const view = parsed.pages[0]?.view;
      content = safeNodesToDoc(view?.type === "html" ? view.nodes : []);
    } catch (error) {
      if (error instanceof ParseFailure) throw new AppError("bad_request", error.message);
      throw error;
    }
  } else if (kind === "html") {
    const html = decode(bytes);
    content = safeNodesToDoc(safeHtmlView(html, htmlToText(html).build().text).nodes);
  } else {
    content = markdownToDoc(decode(bytes));
  }
  content = cleanDoc(content);
  if (!isValidDoc(content))
    throw new AppError("bad_request", "This file could not be turned into a document.");
  return { title: titleOf(content), content };
}
