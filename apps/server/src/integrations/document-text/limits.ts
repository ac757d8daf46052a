import { type DocumentPage, ParseFailure, type ParseLimits } from "./types.ts";

export const EMPTY_MESSAGE = "This file has no text to read";

export function requireText(pages: DocumentPage[]) {
  if (!pages.some((p) => p.text.trim() !== "")) throw new ParseFailure("empty", EMPTY_MESSAGE);
}

export function limitText(pages: DocumentPage[], limits: ParseLimits) {
  const total = pages.reduce((sum, p) => sum + p.text.length, 0);
  if (total > limits.maxChars)
    throw new ParseFailure(
      "too_large",
      `This file has more text than allowed (${limits.maxChars.toLocaleString("en")} characters)`,
    );
}

export function limitPages(count: number, limits: ParseLimits, unit = "pages") {
  if (count > limits.maxPages)
    throw new ParseFailure(
      "too_large",
      `This file has more ${unit} than allowed (${count.toLocaleString("en")}; the limit is ${limits.maxPages.toLocaleString("en")})`,
    );
}

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/g;
const LETTER = /\p{L}/gu;

/** True when most letters are of a right-to-left script. */
export function isRtl(text: string): boolean {
  const sample = text.slice(0, 20_000);
  const rtl = sample.match(RTL)?.length ?? 0;
  const letters = sample.match(LETTER)?.length ?? 0;
  return letters > 0 && rtl / letters > 0.5;
}
