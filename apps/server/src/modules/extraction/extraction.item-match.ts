import type { ExtractionCell, ExtractionField } from "@nexus/contracts";

/**
 * Which item of a source's new read is which row already there (a per-item extraction's column
 * re-run, a field added, a row re-run): by identity, never by position. A model lists the items
 * again in whatever order it likes, so an item is the row whose identifying cells — the fields
 * this read does not change (a column re-run's other columns) — hold the same values or the same
 * quotes. The key field (the first required text field among them, else the first text field)
 * must not disagree; a row no item matches gets none (its caller says so), never a neighbour's.
 */

/**
 * The fields that tell the items apart: those not being filled, in the schema's order (every
 * field when this read fills them all, or fills the only one there is).
 */
export function identityFields(
  fields: readonly ExtractionField[],
  filling: readonly string[] | null,
): number[] {
  const kept = fields.flatMap((f, i) => (filling?.includes(f.key) ? [] : [i]));
  return kept.length > 0 ? kept : fields.map((_, i) => i);
}

/** A value or quote as compared: case, width, spacing and outer punctuation aside. */
function norm(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = Array.isArray(value) ? value.map(String).join("\u0000") : String(value);
  const out = text
    .normalize("NFKC")
    .toLocaleLowerCase()
    .replace(/\s+/g, " ")
    .replace(/^[\s"'“”‘’«».,;:()[\]-]+|[\s"'“”‘’«».,;:()[\]-]+$/g, "");
  return out === "" ? null : out;
}

type Cells = Readonly<Record<string, unknown>>;

const cellOf = (cells: Cells, key: string) => cells[key] as ExtractionCell | undefined;

/**
 * How alike a row and an item are over the identity fields: +2 a value alike, +1 a quote alike,
 * −2 a value that differs (a value the person corrected is theirs: only its quote is compared).
 * null: they disagree on the key field, so they are not the same item whatever else agrees.
 */
function likeness(
  fields: readonly ExtractionField[],
  identity: readonly number[],
  key: number | undefined,
  row: Cells,
  item: readonly ExtractionCell[],
): number | null {
  let score = 0;
  for (const i of identity) {
    const field = fields[i];
    const had = field ? cellOf(row, field.key) : undefined;
    const now = item[i];
    if (!field || !had || !now) continue;
    const before = had.edited ? null : norm(had.value);
    const after = norm(now.value);
    if (before !== null && after !== null) {
      if (before === after) score += 2;
      else if (i === key) return null;
      else score -= 2;
    }
    const quoted = norm(had.quote);
    if (quoted !== null && quoted === norm(now.quote)) score += 1;
  }
  return score;
}

/**
 * The new item of each existing row (row number → item index), one to one: the likest pairs
 * first (a tie: the nearer position), a pair only when something identifying agrees.
 */
export function matchItems(options: {
  fields: readonly ExtractionField[];
  /** Indexes of the identity fields (identityFields). */
  identity: readonly number[];
  /** The source's rows as they are, in order; `first` is its first row's number. */
  rows: ReadonlyArray<{ row: number; cells: Cells }>;
  first: number;
  items: ReadonlyArray<readonly ExtractionCell[]>;
}): Map<number, number> {
  const { fields, identity } = options;
  const text = identity.filter((i) => fields[i]?.type === "text");
  const key = text.find((i) => fields[i]?.required) ?? text[0];
  const pairs: Array<{ row: number; item: number; score: number; gap: number }> = [];
  for (const row of options.rows)
    for (const [item, cells] of options.items.entries()) {
      const score = likeness(fields, identity, key, row.cells, cells);
      if (score !== null && score > 0)
        pairs.push({ row: row.row, item, score, gap: Math.abs(row.row - options.first - item) });
    }
  pairs.sort((a, b) => b.score - a.score || a.gap - b.gap);
  const byRow = new Map<number, number>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (byRow.has(pair.row) || taken.has(pair.item)) continue;
    byRow.set(pair.row, pair.item);
    taken.add(pair.item);
  }
  return byRow;
}
