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
