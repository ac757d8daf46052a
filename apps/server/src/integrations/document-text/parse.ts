import { cleanDocument } from "./clean-text.ts";
import { parseCsv } from "./csv.ts";
import { parseDocx } from "./docx.ts";
import { parseEpub } from "./epub.ts";
import { parseHtml } from "./html.ts";
import { parseMarkdown } from "./markdown.ts";
import { parseOdf } from "./odf.ts";
import { parsePdf } from "./pdf.ts";
import { parsePptx } from "./pptx.ts";
import { parseText } from "./text.ts";
import { type ParsedDocument, ParseFailure, type ParseOptions } from "./types.ts";
import { parseXlsx } from "./xlsx.ts";
import { DAMAGED_MESSAGE } from "./zip.ts";

/**
 * Parses a document of a known kind (from detectKind). Every failure is a ParseFailure with a
 * message for the person; anything else a parser throws on hostile bytes counts as "damaged".
 * Run it through parse-process.ts (a child process with time and memory limits), never in the
 * server's own process.
 */
export async function parseDocument(options: ParseOptions): Promise<ParsedDocument> {
  // The last step for every format: no U+0000 or lone surrogate reaches what is stored.
  return cleanDocument(await parseAnyKind(options));
}

async function parseAnyKind(options: ParseOptions): Promise<ParsedDocument> {
  if (options.bytes.length === 0) throw new ParseFailure("empty", "This file is empty");
  try {
    switch (options.kind) {
      case "pdf":
        return await parsePdf(options);
      case "docx":
        return await parseDocx(options);
      case "pptx":
        return parsePptx(options);
      case "xlsx":
        return parseXlsx(options);
      case "odt":
      case "odp":
      case "ods":
        return parseOdf(options);
      case "epub":
        return parseEpub(options);
      case "html":
        return parseHtml(options);
      case "markdown":
        return parseMarkdown(options);
      case "csv":
        return parseCsv(options);
      case "text":
        return parseText(options);
    }
  } catch (error) {
    if (error instanceof ParseFailure) throw error;
    if (
      error instanceof RangeError &&
      /allocation|memory|Invalid (array|string) length/i.test(error.message)
    )
      throw new ParseFailure("too_large", "This file needs more memory to read than allowed");
    throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  }
  throw new ParseFailure("unsupported", "This type of file is not supported");
}
