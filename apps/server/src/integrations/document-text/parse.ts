// TEMPORARY (files-core): text, Markdown and CSV only, until the files-parse branch lands the real
// parsers (one per format); the lead deletes this file at merge.
import { type ParsedDocument, ParseFailure, type ParseOptions } from "./types.ts";

export async function parseDocument(options: ParseOptions): Promise<ParsedDocument> {
  const { kind, bytes, limits } = options;
  if (kind !== "text" && kind !== "markdown" && kind !== "csv")
    throw new ParseFailure("unsupported", "This file type cannot be read yet.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new ParseFailure("damaged", "This file is damaged.");
  }
  if (text.length > limits.maxChars)
    throw new ParseFailure("too_large", "This file holds more text than we can index.");
  if (text.trim() === "") throw new ParseFailure("empty", "This file has no text.");
  const headings: Array<{ level: number; text: string; offset: number }> = [];
  if (kind === "markdown") {
    for (const m of text.matchAll(/^(#{1,6})[ \t]+(.+?)[ \t#]*$/gm))
      headings.push({ level: m[1]?.length ?? 1, text: m[2] ?? "", offset: m.index });
  }
  options.onProgress?.({ stage: "parsing", page: 1, pages: 1 });
  return {
    kind,
    pages: [{ number: 1, text, ocr: false, headings }],
    warnings: [],
  };
}
