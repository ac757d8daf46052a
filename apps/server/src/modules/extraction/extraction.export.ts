import { EXTRACTION_MARK_LABELS, type ExtractionCell, type ExtractionItem } from "@nexus/contracts";
import { strToU8, zipSync } from "fflate";

/**
 * An extraction's table as files (GET /api/extractions/:id/export?format=csv|json|xlsx): per row
 * its source and state, per field its value with the quote, the mark and the page beside it.
 * XLSX is written as its OOXML parts zipped with fflate (already a dependency), strings inline.
 */

export type Scalar = string | number | boolean | null;
export interface Table {
  header: string[];
  rows: Scalar[][];
}

function cellValue(cell: ExtractionCell | undefined): Scalar {
  const value = cell?.value ?? null;
  return Array.isArray(value) ? value.join("; ") : value;
}

/**
 * The table: a row per source (or, a row per item, per item found, with the item's number among
 * its source's beside the source, counted from 1 as the screen and the document export show it).
 */
export function tableOf(item: ExtractionItem): Table {
  const perItem = item.rowMode === "per_item";
  const header = perItem ? ["source", "item", "status"] : ["source", "status"];
  for (const f of item.fields)
    header.push(f.key, `${f.key} quote`, `${f.key} mark`, `${f.key} page`, `${f.key} edited`);
  const rows = item.rows.map((row) => {
    const status = row.error ? `${row.status}: ${row.error}` : row.status;
    const out: Scalar[] = perItem
      ? [row.source.label, row.source.item === null ? null : row.source.item + 1, status]
      : [row.source.label, status];
    for (const f of item.fields) {
      const cell = row.cells[f.key];
      out.push(
        cellValue(cell),
        cell?.quote ?? null,
        cell ? EXTRACTION_MARK_LABELS[cell.mark] : null,
        cell?.place?.page ?? null,
        cell?.edited ?? false,
      );
    }
    return out;
  });
  return { header, rows };
}

function csvField(value: Scalar): string {
  if (value === null) return "";
  let text = String(value);
  // A spreadsheet reads a leading = + - @ as a formula: kept as text.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(table: Table): string {
  return `${[table.header, ...table.rows].map((r) => r.map(csvField).join(",")).join("\r\n")}\r\n`;
}

export function toJson(item: ExtractionItem): string {
  return JSON.stringify(
    {
      title: item.title,
      fields: item.fields,
      rows: item.rows.map((r) => ({
        source: r.source,
        status: r.status,
        error: r.error,
        cells: r.cells,
      })),
    },
    null,
    2,
  );
}

const xml = (text: string) =>
  text
    .split("")
    .filter((ch) => ch >= " " || ch === "\t" || ch === "\n" || ch === "\r")
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

function column(i: number): string {
  let n = i + 1;
  let name = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function xlsxCell(value: Scalar, ref: string): string {
  if (value === null) return "";
  if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === "boolean") return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
}

export function toXlsx(table: Table, sheetName = "Extraction"): Uint8Array {
  const rows = [table.header, ...table.rows]
    .map(
      (r, y) =>
        `<row r="${y + 1}">${r.map((v, x) => xlsxCell(v, `${column(x)}${y + 1}`)).join("")}</row>`,
    )
    .join("");
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const ns = "http://schemas.openxmlformats.org";
  const files: Record<string, string> = {
    "[Content_Types].xml": `${head}<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    "_rels/.rels": `${head}<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `${head}<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="${xml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `${head}<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": `${head}<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
}

/** The file of an export: its bytes, type and name (letters, digits and '-' of the title). */
export function exportFile(
  item: ExtractionItem,
  format: "csv" | "json" | "xlsx",
): { body: Uint8Array | string; contentType: string; fileName: string } {
  const stem =
    item.title
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "extraction";
  const fileName = `${stem}.${format}`;
  if (format === "json")
    return { body: toJson(item), contentType: "application/json; charset=utf-8", fileName };
  if (format === "csv")
    return {
      body: `\ufeff${toCsv(tableOf(item))}`,
      contentType: "text/csv; charset=utf-8",
      fileName,
    };
  return {
    body: toXlsx(tableOf(item)),
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    fileName,
  };
}
