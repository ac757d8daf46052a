import { decodeText } from "./decode.ts";
import { isRtl, limitText, requireText } from "./limits.ts";
import { TextBuilder } from "./text-builder.ts";
import type { ParsedDocument, ParseOptions } from "./types.ts";

/** Plain text in any encoding: one page, paragraphs kept as written (line breaks too). */
export function parseText(options: ParseOptions): ParsedDocument {
  const text = decodeText(options.bytes).replace(/\r\n?/g, "\n").replaceAll("\0", "");
  const builder = new TextBuilder();
  builder.lines(text);
  const page = { number: 1, text: builder.build().text, ocr: false };
  requireText([page]);
  limitText([page], options.limits);
  return { kind: "text", pages: [page], rtl: isRtl(page.text), warnings: [] };
}
