import fs from "node:fs";
import path from "node:path";
import type { PageView, SafeNode } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { DOCUMENTS } from "../../../test/documents/fixtures.ts";
import { detectKind } from "./detect.ts";
import { parseDocument } from "./parse.ts";
import type { DocumentKind } from "./types.ts";

/** Our own ODS and ODP (e2e/fixtures/make-odf-fixtures.mjs) and the shared corpus's EPUB. */
const OWN = path.resolve(import.meta.dirname, "../../../../../e2e/fixtures");
const LIMITS = { maxPages: 100, maxChars: 1e7, maxExpandedBytes: 1e8 };
const read = (file: string) => new Uint8Array(fs.readFileSync(file));
const parse = (kind: DocumentKind, bytes: Uint8Array) =>
  parseDocument({ kind, bytes, limits: LIMITS });

function sheet(view: PageView | undefined) {
  if (view?.type !== "sheet") throw new Error("no sheet view");
  return view;
}

describe("ODS as typed grids", () => {
  it("types dates, numbers and booleans, numbering rows as the file does", async () => {
    const bytes = read(path.join(OWN, "budget.ods"));
    expect(detectKind(bytes, "budget.ods")).toBe("ods");
    const document = await parse("ods", bytes);
    const page = document.pages[0];
    const view = sheet(page?.view);
    expect(view.name).toBe("Budget 2026");
    expect(view.columns).toBe(4);
    // The header, twelve months and the total: the 1,048,560 empty rows after it only count.
    expect(view.rows.map((r) => r.r)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(view.rows[1]?.c).toEqual([
      { v: "2026-01-01", t: "d" },
      { v: "Jan rent and utilities", t: "s" },
      { v: "1,200.00", t: "n", n: 1200 },
      { v: "TRUE", t: "b" },
    ]);
    // A skipped cell stays in its column; trailing repeated empties are not kept.
    expect(view.rows[13]?.c).toEqual([{ v: "Total", t: "s" }, null, expect.any(Object)]);
    expect(page?.text).not.toContain("01/01/26");
    for (const row of view.rows)
      expect(page?.text.slice(row.s, row.e)).toBe(row.c.map((c) => c?.v ?? "").join(" | "));
  });

  it("keeps a merge's covered cell empty, percentages and times typed", async () => {
    const document = await parse("ods", read(path.join(OWN, "budget.ods")));
    const view = sheet(document.pages[1]?.view);
    expect(view.name).toBe("Notes");
    expect(view.rows[0]?.c.map((c) => c?.v ?? null)).toEqual(["Merged heading", null, "after"]);
    expect(view.rows[1]?.c).toEqual([
      { v: "Share", t: "s" },
      { v: "12.50%", t: "n", n: 0.125 },
      { v: "09:30", t: "d" },
    ]);
  });
});

describe("ODP slide by slide", () => {
  it("keeps each slide's title, list, table and notes, located in its text", async () => {
    const bytes = read(path.join(OWN, "roadmap.odp"));
    expect(detectKind(bytes, "roadmap.odp")).toBe("odp");
    const document = await parse("odp", bytes);
    expect(document.pages).toHaveLength(3);
    const views = document.pages.map((p) => {
      if (p.view?.type !== "slide") throw new Error("no slide view");
      return p.view;
    });
    expect(views[0]?.blocks.map((b) => b.k)).toEqual(["title", "p", "notes"]);
    expect(views[1]?.blocks.map((b) => ("text" in b ? b.text : ""))).toEqual([
      "Quarterly goals",
      "Faster document viewer",
      "Collections of files",
      "Offline starters",
    ]);
    const table = views[2]?.blocks.find((b) => b.k === "table");
    if (table?.k !== "table") throw new Error("no table");
    expect(table.rows.map((r) => r.c)).toEqual([
      ["Quarter", "Milestone", "Owner"],
      ["Q1", "Viewer divider", "Ada"],
      ["Q2", "Pinch zoom", "Grace"],
    ]);
    const page = document.pages[2];
    expect(page?.text.slice(table.rows[1]?.s, table.rows[1]?.e)).toBe("Q1 | Viewer divider | Ada");
    const notes = views[2]?.blocks.at(-1);
    if (notes?.k !== "notes") throw new Error("no notes");
    expect(page?.text.slice(notes.s, notes.e)).toBe("Owners may change after the spring review.");
    expect(page?.headings?.[0]?.text).toBe("Milestones");
  });
});

describe("EPUB by chapter", () => {
  it("keeps each chapter as a formatted view, its blocks located in the chapter's text", async () => {
    const document = await parse("epub", read(path.join(DOCUMENTS, "testEPUB.epub")));
    const chapter = document.pages.find((p) => p.text.startsWith("Chapter 2"));
    if (chapter?.view?.type !== "html") throw new Error("no formatted chapter");
    const tags: string[] = [];
    const located: string[] = [];
    const walk = (n: SafeNode) => {
      if (typeof n === "string") return;
      tags.push(n.tag);
      if (n.s !== undefined && n.e !== undefined) located.push(chapter.text.slice(n.s, n.e));
      n.children.forEach(walk);
    };
    chapter.view.nodes.forEach(walk);
    expect(tags).toEqual(expect.arrayContaining(["h1", "h2", "strong", "em", "table", "th"]));
    expect(located).toEqual(
      expect.arrayContaining(["Chapter 2", "Subchapter 2.1", "Table header Table data"]),
    );
    // Nothing of the XHTML head (title, styles) is in the view.
    expect(JSON.stringify(chapter.view)).not.toMatch(/"tag":"(title|style|head)"/);
    expect(document.pages.every((p) => p.view?.type === "html")).toBe(true);
  });
});
