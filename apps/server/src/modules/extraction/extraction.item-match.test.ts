import type { ExtractionCell, ExtractionField } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { identityFields, matchItems } from "./extraction.item-match.ts";

/** Which re-read item is which row: by its identifying cells, never by its position. */

const FIELDS: ExtractionField[] = [
  { key: "name", name: "Name", type: "text", instructions: "", required: false, choices: [] },
  { key: "phase", name: "Phase", type: "text", instructions: "", required: false, choices: [] },
  { key: "size", name: "Size", type: "number", instructions: "", required: false, choices: [] },
];

const cell = (value: ExtractionCell["value"], quote: string | null = null, edited = false) =>
  ({
    value,
    raw: null,
    quote,
    mark: value === null ? "not_found" : "exact",
    place: null,
    note: null,
    edited,
  }) satisfies ExtractionCell;

const item = (
  name: string | null,
  phase: string | null,
  size: number | null,
  nameQuote?: string,
) => [cell(name, nameQuote ?? (name ? `The ${name} trial` : null)), cell(phase), cell(size)];
const row = (n: number, cells: ExtractionCell[]) => ({
  row: n,
  cells: Object.fromEntries(FIELDS.map((f, i) => [f.key, cells[i]])),
});

describe("matching re-read items to rows", () => {
  it("pairs each row with its own item whatever the order; a row with none is left out", () => {
    const rows = [
      row(64, item("ALPHA", "phase 2", 120)),
      row(65, item("BETA", "phase 3", 450)),
      row(66, item("GAMMA", "phase 1", 24)),
    ];
    const identity = identityFields(FIELDS, ["size"]);
    expect(identity).toEqual([0, 1]);
    const items = [
      item("beta ", "Phase 3", 451),
      item("OMEGA", "phase 1", 9),
      item("Alpha", "phase 2", 121),
    ];
    const match = matchItems({ fields: FIELDS, identity, rows, first: 64, items });
    expect([...match.entries()].sort()).toEqual([
      [64, 2],
      [65, 0],
    ]);
    // OMEGA shares GAMMA's phase but not its name (the key field): no match.
    expect(match.has(66)).toBe(false);
  });

  it("knows an item by its quote when its value was corrected, one item for one row", () => {
    const rows = [
      row(0, [cell("Alpha study", "The ALPHA trial", true), cell("phase 2"), cell(1)]),
      row(1, item("ALPHA", "phase 2", 2)),
    ];
    const items = [item("ALPHA", "phase 2", 3)];
    const match = matchItems({
      fields: FIELDS,
      identity: identityFields(FIELDS, ["size"]),
      rows,
      first: 0,
      items,
    });
    // Both rows are like the one item: it goes to the likest (value and quote over a quote).
    expect([...match.entries()]).toEqual([[1, 0]]);
  });

  it("a field filled alone (the only one) still identifies by itself; nothing alike, no match", () => {
    expect(identityFields(FIELDS.slice(0, 1), ["name"])).toEqual([0]);
    const match = matchItems({
      fields: FIELDS,
      identity: [0, 1, 2],
      rows: [row(0, item(null, null, null))],
      first: 0,
      items: [item("ALPHA", "phase 2", 1)],
    });
    expect(match.size).toBe(0);
  });
});
