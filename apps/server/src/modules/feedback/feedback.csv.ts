/** Cells a spreadsheet would run as a formula (OWASP CSV injection): prefixed with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 cell: formula-neutralized, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
