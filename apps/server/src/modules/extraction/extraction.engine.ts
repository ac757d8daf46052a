import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  EXTRACTION_FIELD_TYPE_LABELS,
  type ExtractionCell,
  type ExtractionField,
} from "@nexus/contracts";
import { z } from "zod";
import { asData, DATA_RULE, structured } from "../../ai/structured-output.ts";
import {
  groundCell,
  type ModelCell,
  mergeCells,
  type SourceText,
  sourceText,
} from "./extraction.cells.ts";

/**
 * One source's row (issue 39 scope 1): the source's pages cut into parts a model can read (on page
 * boundaries, a long page cut at a line), each part asked for every field as `{ value, quote }`
 * through structured output (a repair, then the plain-text fallback), each answer grounded in the
 * part's own text, the parts merged per field. The model never supplies an offset.
 */

/** Characters of source text per model call (about 6,000 tokens). */
export const PART_CHARS = 24_000;

export interface SourcePages {
  title: string;
  pages: ReadonlyArray<{ page: number; text: string }>;
}

/** The pages of a source in parts of at most `max` characters, on page (then line) boundaries. */
export function partsOf(
  pages: SourcePages["pages"],
  max = PART_CHARS,
): Array<Array<{ page: number; text: string; offset: number }>> {
  type Piece = { page: number; text: string; offset: number };
  const parts: Piece[][] = [];
  let part: Piece[] = [];
  let size = 0;
  const push = (piece: Piece) => {
    if (size + piece.text.length > max && part.length > 0) {
      parts.push(part);
      part = [];
      size = 0;
    }
    part.push(piece);
    size += piece.text.length;
  };
  for (const page of pages) {
    if (page.text.length <= max) {
      push({ ...page, offset: 0 });
      continue;
    }
    // A page longer than a part: cut at line ends, each piece keeping its page and where in
    // the page it begins (a cell placed in it names the page's own characters).
    let offset = 0;
    while (page.text.length - offset > max) {
      const cut = page.text.lastIndexOf("\n", offset + max);
      const at = cut > offset + max / 2 ? cut + 1 : offset + max;
      push({ page: page.page, text: page.text.slice(offset, at), offset });
      offset = at;
    }
    if (offset < page.text.length) push({ page: page.page, text: page.text.slice(offset), offset });
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

const cellSchema = z.object({ value: z.unknown(), quote: z.string().nullable().optional() });

/** What the model is asked to return: every field's key, each `{ value, quote }`. */
export function answerSchema(fields: readonly ExtractionField[]) {
  return z.object(Object.fromEntries(fields.map((f) => [f.key, cellSchema.nullable().optional()])));
}

type Answer = Record<string, { value?: unknown; quote?: string | null } | null | undefined>;

export function fieldLine(field: ExtractionField): string {
  const type =
    field.type === "choice"
      ? `one of: ${field.choices.map((c) => JSON.stringify(c)).join(", ")}`
      : EXTRACTION_FIELD_TYPE_LABELS[field.type].toLowerCase();
  const extra = field.instructions ? ` — ${field.instructions}` : "";
  return `- ${field.key} (${field.name}; ${type}${field.required ? "; required" : ""})${extra}`;
}

const SYSTEM = [
  "You extract fields from one source. For each field give its value and the exact words of the",
  "source that state it: `quote` must be copied character for character from the source, as short",
  "as it can be while still containing the value (one sentence at most). When the source does not",
  "state a field, give value null and quote null: never guess, never use what you know from",
  "elsewhere. Numbers as numbers, dates as YYYY-MM-DD (or YYYY-MM, or YYYY), yes/no as true or",
  "false, lists as arrays of strings.",
  DATA_RULE,
].join(" ");

/** The plain-text fallback's answer: one line per field, `key: value || quote`. */
export function readFieldLines(text: string, fields: readonly ExtractionField[]): Answer | null {
  const out: Answer = {};
  const keys = new Set(fields.map((f) => f.key));
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*[-*]?\s*([a-z][a-z0-9_]*)\s*:\s*(.*?)\s*(?:\|\|\s*(.*?))?\s*$/.exec(line);
    if (!m?.[1] || !keys.has(m[1])) continue;
    const value = m[2] && !/^(?:null|none|n\/a|not found)$/i.test(m[2]) ? m[2] : null;
    const quote = m[3] ? m[3].replace(/^["“]|["”]$/g, "") : null;
    out[m[1]] = { value, quote };
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Reads one part of a source: every field's answer, grounded in the part's text. */
async function readPart(options: {
  model: LanguageModelV3;
  fields: readonly ExtractionField[];
  title: string;
  part: SourceText;
  signal: AbortSignal;
}): Promise<{ cells: ExtractionCell[]; tokens: number }> {
  const { fields } = options;
  const ask = `Fields:\n${fields.map(fieldLine).join("\n")}\n\n${asData(1, options.title, options.part.text)}`;
  const answer = await structured<Answer>({
    model: options.model,
    schema: answerSchema(fields) as z.ZodType<Answer>,
    system: SYSTEM,
    prompt: `${ask}\n\nAnswer with a JSON object: each field's key → { "value": …, "quote": … }.`,
    textSystem: SYSTEM,
    textPrompt: `${ask}\n\nAnswer with one line per field: key: value || exact quote (or: key: null).`,
    fromText: (text) => readFieldLines(text, fields),
    signal: options.signal,
  });
  const cells = fields.map((field) => {
    const given = answer.value?.[field.key];
    const model: ModelCell = { value: given?.value ?? null, quote: given?.quote ?? null };
    return groundCell(field, model, options.part);
  });
  return { cells, tokens: answer.tokens };
}

export interface SourceRow {
  /** One cell per field, in the schema's order. */
  cells: ExtractionCell[];
  tokens: number;
  /** Model calls made (parts × 1 or 2). */
  parts: number;
}

/** A source's row: its parts read one after another, merged per field. */
export async function extractSource(options: {
  model: LanguageModelV3;
  fields: readonly ExtractionField[];
  source: SourcePages;
  signal: AbortSignal;
  partChars?: number;
}): Promise<SourceRow> {
  const parts = partsOf(options.source.pages, options.partChars);
  const perField: ExtractionCell[][] = options.fields.map(() => []);
  let tokens = 0;
  for (const pages of parts) {
    options.signal.throwIfAborted();
    const read = await readPart({
      model: options.model,
      fields: options.fields,
      title: options.source.title,
      part: sourceText(pages),
      signal: options.signal,
    });
    tokens += read.tokens;
    for (const [i, cell] of read.cells.entries()) perField[i]?.push(cell);
  }
  return {
    cells: options.fields.map((field, i) => mergeCells(field, perField[i] ?? [])),
    tokens,
    parts: parts.length,
  };
}
