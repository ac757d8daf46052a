import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  EXTRACTION_ITEMS_PER_SOURCE,
  type ExtractionCell,
  type ExtractionField,
} from "@nexus/contracts";
import { z } from "zod";
import { asData, DATA_RULE, structured } from "../../ai/structured-output.ts";
import { groundCell, type SourceText, sourceText } from "./extraction.cells.ts";
import {
  answerSchema,
  fieldLine,
  partsOf,
  readFieldLines,
  type SourcePages,
} from "./extraction.engine.ts";

/**
 * A per-item extraction's read of one source ("every clinical trial mentioned: name, phase,
 * sample size"): each part of the source asked for the list of items it mentions, each item every
 * field as `{ value, quote }`, each quote grounded in the part's own text like a per-source cell;
 * the parts' items in order, at most EXTRACTION_ITEMS_PER_SOURCE (more: `capped`).
 */

type Answer = Record<string, { value?: unknown; quote?: string | null } | null | undefined>;
type Items = { items: Answer[] };

/** What the model is asked to return: `{ items: [ { key: { value, quote } … } ] }`. */
export function itemsSchema(fields: readonly ExtractionField[]) {
  return z.object({ items: z.array(answerSchema(fields)) });
}

const SYSTEM = [
  "You list every item of one kind that a source mentions (the fields below describe one item:",
  "one row per item, in the order the source gives them, each item once). For each item give",
  "each field's value and the exact words of the source that state it: `quote` must be copied",
  "character for character from the source, as short as it can be while still containing the",
  "value (one sentence at most). A field the source does not state for an item: value null and",
  "quote null; never guess. When the source mentions no such item, give an empty list. Numbers",
  "as numbers, dates as YYYY-MM-DD (or YYYY-MM, or YYYY), yes/no as true or false, lists as",
  "arrays of strings.",
  DATA_RULE,
].join(" ");

/**
 * The plain-text fallback's answer: items separated by a line of `---` (or a blank line), each
 * one line per field, `key: value || quote`.
 */
export function readItemLines(text: string, fields: readonly ExtractionField[]): Items | null {
  if (/^\s*(?:none|no items?|nothing found)\.?\s*$/i.test(text)) return { items: [] };
  const items = text
    .split(/\r?\n\s*(?:-{3,}\s*)?\r?\n|\r?\n\s*-{3,}\s*(?:\r?\n|$)/)
    .map((block) => readFieldLines(block, fields))
    .filter((item): item is Answer => item !== null);
  return items.length > 0 ? { items } : null;
}

/** An item with no field answered is no item. */
const answered = (cells: readonly ExtractionCell[]) => cells.some((c) => c.mark !== "not_found");

async function readPart(options: {
  model: LanguageModelV3;
  fields: readonly ExtractionField[];
  title: string;
  part: SourceText;
  signal: AbortSignal;
}): Promise<{ items: ExtractionCell[][]; tokens: number }> {
  const { fields } = options;
  const ask = `Fields of each item:\n${fields.map(fieldLine).join("\n")}\n\n${asData(1, options.title, options.part.text)}`;
  const answer = await structured<Items>({
    model: options.model,
    schema: itemsSchema(fields) as z.ZodType<Items>,
    system: SYSTEM,
    prompt: `${ask}\n\nAnswer with a JSON object: { "items": [ { each field's key → { "value": …, "quote": … } } ] }.`,
    textSystem: SYSTEM,
    textPrompt: `${ask}\n\nAnswer with one block per item, blocks separated by a line "---", one line per field: key: value || exact quote (or: key: null). No items: answer "none".`,
    fromText: (text) => readItemLines(text, fields),
    signal: options.signal,
  });
  const items = (answer.value?.items ?? [])
    .map((item) =>
      fields.map((field) => {
        const given = item?.[field.key];
        return groundCell(
          field,
          { value: given?.value ?? null, quote: given?.quote ?? null },
          options.part,
        );
      }),
    )
    .filter(answered);
  return { items, tokens: answer.tokens };
}

export interface SourceItems {
  /** Each item's cells, one per field in the schema's order; at most EXTRACTION_ITEMS_PER_SOURCE. */
  items: ExtractionCell[][];
  /** The source listed more items than are kept. */
  capped: boolean;
  tokens: number;
  parts: number;
}

/** A source's items: its parts read one after another, their items in order, capped. */
export async function extractItems(options: {
  model: LanguageModelV3;
  fields: readonly ExtractionField[];
  source: SourcePages;
  signal: AbortSignal;
  partChars?: number;
  max?: number;
}): Promise<SourceItems> {
  const max = options.max ?? EXTRACTION_ITEMS_PER_SOURCE;
  const parts = partsOf(options.source.pages, options.partChars);
  const items: ExtractionCell[][] = [];
  let tokens = 0;
  let read = 0;
  for (const pages of parts) {
    options.signal.throwIfAborted();
    const part = await readPart({
      model: options.model,
      fields: options.fields,
      title: options.source.title,
      part: sourceText(pages),
      signal: options.signal,
    });
    read++;
    tokens += part.tokens;
    items.push(...part.items);
    if (items.length > max) break;
  }
  return { items: items.slice(0, max), capped: items.length > max, tokens, parts: read };
}
