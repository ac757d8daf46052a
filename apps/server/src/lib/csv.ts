/**
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`,
 * `-` or `@` (also their full-width forms `＝＋－＠`, which some locales' spreadsheets accept), and
 * a leading tab or CR hides such a start. A cell is neutralised with a leading `'` (shown as text):
 * - when its first visible character is a trigger: leading whitespace (any, NBSP and U+3000 too)
 *   and quote characters are skipped, so ` =1+1`, `"=1+1"` and `\t=1+1` are all caught;
 * - and inside a cell, right after every `,` `;` `|` tab, CR or LF that is followed (after
 *   whitespace or quotes) by a trigger: a reader that splits on another separator (`;` in many
 *   locales, `|`, tab) or ignores our quoting would start a new cell or row there
 *   (`Acme;=HYPERLINK(…)`, `x|-2+3`, `line\n@SUM(…)`), so that piece gets its own `'`.
 * Inside a cell, tab, CR and LF are separators but not triggers, so blank lines stay as they are.
 */
const TRIGGER = "=+\\-@\\uff1d\\uff0b\\uff0d\\uff20";
const LEADING = new RegExp(`^(?:[\\t\\r]|[\\s"']*[${TRIGGER}])`);
// Between a separator and the trigger: spaces (not tab, CR, LF: those are separators) and quotes.
const INNER = new RegExp(`([,;|\\t\\r\\n])(?=(?:[^\\S\\t\\r\\n]|["'])*[${TRIGGER}])`, "g");

/** The cell's text with every formula start made inert (see above). */
export function neutralizeFormula(value: string): string {
  const inner = value.replace(INNER, "$1'");
  return LEADING.test(inner) ? `'${inner}` : inner;
}

/** One RFC 4180 cell: formula-neutralized, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = neutralizeFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A CSV download read in keyset batches: the header, then every row `readBatch` returns until a
 * batch comes back shorter than `batchSize`. Nothing beyond one batch is held in memory.
 */
export function csvStream<R>(options: {
  header: readonly string[];
  batchSize: number;
  readBatch: (after: R | undefined, limit: number) => Promise<R[]>;
  cells: (row: R) => readonly string[];
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: R | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow(options.header)));
      }
      const rows = await options.readBatch(after, options.batchSize);
      const text = rows.map((r) => csvRow(options.cells(r))).join("");
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows[rows.length - 1];
      if (rows.length < options.batchSize || last === undefined) controller.close();
      else after = last;
    },
  });
}
