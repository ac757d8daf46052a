import fs from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseDocument } from "./parse.ts";
import { safeHtmlView } from "./safe-html.ts";
import { columnOf, formatNumber, formatOf, serialToDate, typedCell } from "./sheet-cells.ts";
import type { DocumentKind } from "./types.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../../../shared/fixtures/documents");
const LIMITS = { maxPages: 100, maxChars: 1e7, maxExpandedBytes: 1e8 };
const parse = (kind: DocumentKind, bytes: Uint8Array) =>
  parseDocument({ kind, bytes, limits: LIMITS });

/** A small XLSX: a date column (numFmt 14 and a custom date-time), numbers, a boolean, text. */
export function datesWorkbook(rows = 3): Uint8Array {
  const body = Array.from({ length: rows }, (_, i) => {
    const r = i + 2;
    return `<row r="${r}"><c r="A${r}" s="1"><v>${21916 + i}</v></c><c r="B${r}" s="3"><v>${1234.5 * (i + 1)}</v></c><c r="C${r}" s="2"><v>${21916.000011574073 + i}</v></c><c r="D${r}" t="b"><v>${i % 2}</v></c></row>`;
  }).join("");
  const files = {
    "[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    "xl/workbook.xml": `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sales" sheetId="1" r:id="rId1"/><sheet name="Empty" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
    "xl/styles.xml": `<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd\\ hh:mm:ss"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="4"/></cellXfs></styleSheet>`,
    "xl/sharedStrings.xml": `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Day</t></si><si><t>Amount</t></si><si><t>Stamp</t></si><si><t>Paid</t></si></sst>`,
    "xl/worksheets/sheet1.xml": `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>${body}</sheetData></worksheet>`,
    "xl/worksheets/sheet2.xml": `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>`,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
}

describe("typed spreadsheet cells", () => {
  it("shows a date serial as a date, with its time when it has one", () => {
    expect(serialToDate(21916)).toBe("1960-01-01");
    expect(serialToDate(21916.000011574073)).toBe("1960-01-01 00:00:01");
    expect(serialToDate(0.5, false, true)).toBe("12:00");
    expect(serialToDate(1)).toBe("1900-01-01");
    expect(serialToDate(61)).toBe("1900-03-01");
    expect(serialToDate(0, true)).toBe("1904-01-01");
    expect(serialToDate(Number.NaN)).toBeNull();
  });

  it("tells date formats from number formats", () => {
    const custom = new Map([
      [164, "yyyy\\-mm\\-dd"],
      [165, '"Total: "0.00'],
      [166, "[Red]#,##0"],
      [167, "h:mm AM/PM"],
    ]);
    expect(formatOf(14, custom).date).toBe(true);
    expect(formatOf(164, custom).date).toBe(true);
    expect(formatOf(165, custom).date).toBe(false);
    expect(formatOf(166, custom).date).toBe(false);
    expect(formatOf(167, custom)).toMatchObject({ date: true, timeOnly: true });
    expect(formatOf(0, custom).date).toBe(false);
  });

  it("formats numbers as their format says", () => {
    expect(formatNumber(1234.5, "#,##0.00")).toBe("1,234.50");
    expect(formatNumber(0.256, "0.0%")).toBe("25.6%");
    expect(formatNumber(0.1 + 0.2, "General")).toBe("0.3");
    expect(formatNumber(12, "0")).toBe("12");
  });

  it("types a cell from its raw value, type and style", () => {
    const general = formatOf(0, new Map());
    const date = formatOf(14, new Map());
    expect(typedCell("21916", undefined, date, false)).toEqual({
      v: "1960-01-01",
      t: "d",
      n: 21916,
    });
    expect(typedCell("1", "b", general, false)).toEqual({ v: "TRUE", t: "b" });
    expect(typedCell("#DIV/0!", "e", general, false)).toEqual({ v: "#DIV/0!", t: "e" });
    expect(typedCell("", undefined, general, false)).toBeNull();
    expect(typedCell("2024-03-05T00:00:00Z", "d", general, false)).toEqual({
      v: "2024-03-05",
      t: "d",
    });
    expect(columnOf("AB12")).toBe(27);
    expect(columnOf("1")).toBeUndefined();
  });

  it("reads a workbook as grids: dates as dates, rows numbered as the file numbers them", async () => {
    const document = await parse("xlsx", datesWorkbook());
    const page = document.pages[0];
    const view = page?.view;
    if (view?.type !== "sheet" || !page) throw new Error("no sheet view");
    expect(view.name).toBe("Sales");
    expect(view.columns).toBe(4);
    expect(view.rows.map((r) => r.r)).toEqual([1, 2, 3, 4]);
    expect(view.rows[1]?.c.map((c) => c?.v)).toEqual([
      "1960-01-01",
      "1,234.50",
      "1960-01-01 00:00:01",
      "FALSE",
    ]);
    expect(page.text).not.toContain("21916");
    // Each row's range in the page text is its line.
    for (const row of view.rows)
      expect(page.text.slice(row.s, row.e)).toBe(row.c.map((c) => c?.v ?? "").join(" | "));
    expect(document.pages[1]?.view).toMatchObject({ type: "sheet", name: "Empty", rows: [] });
  });

  it("reads a CSV as one grid with numbers and dates typed", async () => {
    const document = await parse(
      "csv",
      strToU8('when,amount,note\n2024-01-05,"1,200",ok\n2024-01-06,7.5,"a, b"\n'),
    );
    const view = document.pages[0]?.view;
    if (view?.type !== "sheet") throw new Error("no sheet view");
    expect(view.rows[1]?.c).toEqual([
      { v: "2024-01-05", t: "d" },
      { v: "1,200", t: "n", n: 1200 },
      { v: "ok", t: "s" },
    ]);
    expect(view.rows[2]?.c[2]).toEqual({ v: "a, b", t: "s" });
  });
});

describe("slides and formatted documents", () => {
  it("keeps a slide's table as rows of cells, located in the slide's text", async () => {
    const document = await parse(
      "pptx",
      fs.readFileSync(path.join(FIXTURES, "testPPT_various.pptx")),
    );
    const page = document.pages[0];
    const view = page?.view;
    if (view?.type !== "slide" || !page) throw new Error("no slide view");
    const table = view.blocks.find((b) => b.k === "table");
    if (table?.k !== "table") throw new Error("no table");
    expect(table.rows[0]?.c).toEqual(["Row 1 Col 1", "Row 1 Col 2", "Row 1 Col 3"]);
    expect(page.text.slice(table.rows[1]?.s, table.rows[1]?.e)).toBe(
      "Row 2 Col 1 | Row 2 Col 2 | Row 2 Col 3",
    );
  });

  it("keeps a DOCX's table and lists, each block located in the text", async () => {
    const document = await parse("docx", fs.readFileSync(path.join(FIXTURES, "tables.docx")));
    const page = document.pages[0];
    const view = page?.view;
    if (view?.type !== "html" || !page) throw new Error("no html view");
    const json = JSON.stringify(view.nodes);
    expect(json).toContain('"tag":"table"');
    expect(json).toContain('"tag":"td"');
    const located: Array<[number, number]> = [];
    const walk = (n: (typeof view.nodes)[number]) => {
      if (typeof n === "string") return;
      if (n.s !== undefined && n.e !== undefined) located.push([n.s, n.e]);
      n.children.forEach(walk);
    };
    view.nodes.forEach(walk);
    expect(located.map(([s, e]) => page.text.slice(s, e))).toEqual([
      "Above",
      "Top left",
      "Top right",
      "Bottom left",
      "Bottom right",
      "Below",
    ]);
  });
});

describe("the formatted view's sanitiser", () => {
  it("keeps structure and drops scripts, handlers, links, styles and images", () => {
    const html = `<h1 onclick="alert(1)" style="color:red">Title</h1><script>alert(2)</script>
      <p>Hi <a href="javascript:alert(3)">there</a> <img src="https://evil.example/x.png" onerror="alert(4)">
      <strong>bold</strong><iframe src="https://evil.example"></iframe></p>
      <table><tr><td colspan="2" onmouseover="x()">wide</td></tr></table>
      <svg><script>alert(5)</script></svg><style>body{}</style><form><input value="x"></form>`;
    const view = safeHtmlView(html, "Title\n\nHi there bold\n\nwide");
    const json = JSON.stringify(view);
    for (const bad of [
      "alert",
      "onclick",
      "onerror",
      "style",
      "javascript",
      "evil",
      "iframe",
      "img",
      "href",
      "input",
    ])
      expect(json, bad).not.toContain(bad);
    expect(view.nodes[0]).toEqual({ tag: "h1", children: ["Title"], s: 0, e: 5 });
    expect(json).toContain('"tag":"strong"');
    expect(json).toContain('"span":[2,1]');
    expect(json).toContain("there");
  });

  it("keeps only tags of the allowlist for the XSS payload list", () => {
    const html = fs.readFileSync(path.join(FIXTURES, "xss-payload-list.html"), "utf8");
    const view = safeHtmlView(html, "");
    const tags = new Set<string>();
    const attrs = new Set<string>();
    const walk = (n: (typeof view.nodes)[number]) => {
      if (typeof n === "string") return;
      tags.add(n.tag);
      for (const key of Object.keys(n)) attrs.add(key);
      n.children.forEach(walk);
    };
    view.nodes.forEach(walk);
    for (const tag of tags)
      expect(["script", "img", "iframe", "svg", "a", "style", "object"]).not.toContain(tag);
    expect([...attrs].every((a) => ["tag", "children", "span", "s", "e"].includes(a))).toBe(true);
  });
});

describe("Markdown rendered", () => {
  it("keeps headings, lists, quotes, code and tables, each block located in the text", async () => {
    const document = await parse(
      "markdown",
      fs.readFileSync(path.join(FIXTURES, "testMARKDOWN.md")),
    );
    const page = document.pages[0];
    const view = page?.view;
    if (view?.type !== "html" || !page) throw new Error("no html view");
    expect(view.nodes.map((n) => (typeof n === "string" ? "text" : n.tag))).toEqual([
      "h1",
      "p",
      "ul",
      "ol",
      "blockquote",
      "pre",
      "p",
      "table",
      "p",
      "p",
    ]);
    const table = view.nodes[7];
    if (typeof table === "string" || !table) throw new Error("no table");
    expect(JSON.stringify(table)).toContain('"tag":"th","children":["L"]');
    expect(table.children).toHaveLength(2);
    const located: string[] = [];
    const walk = (n: (typeof view.nodes)[number]) => {
      if (typeof n === "string") return;
      if (n.s !== undefined && n.e !== undefined) located.push(page.text.slice(n.s, n.e));
      n.children.forEach(walk);
    };
    view.nodes.forEach(walk);
    expect(located).toContain("Title");
    expect(located).toContain("- two");
    expect(located).toContain("a | b | c");
  });
});
