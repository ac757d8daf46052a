/**
 * Where a cited sentence of a reply starts and ends (citation-check.ts), read backwards from its
 * marker a character at a time. The rules are those of the regular expressions they replaced
 * (test/support/citation-sentences.reference.ts; citation-sentences.test.ts compares them on
 * generated texts), which read the reply's whole text before each marker: a 200-marker reply cost
 * 200 scans of its text. These read back only to the previous marker or line end.
 */

const isTabOrSpace = (c: number) => c === 32 || c === 9;
const isDigit = (c: number) => c >= 48 && c <= 57;
/** `[.!?]` */
const isStop = (c: number) => c === 46 || c === 33 || c === 63;
/** `["')\]]`: what may close a sentence after its stop. */
const isCloser = (c: number) => c === 34 || c === 39 || c === 41 || c === 93;
const SPACE = /\s/;
/** A code unit of `\s` (a regular expression without the u flag reads code units). */
function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return SPACE.test(String.fromCharCode(c));
}

const OPEN = 91; // [
const CLOSE = 93; // ]
const NEWLINE = 10;

/**
 * The start of the markers (and the spaces and tabs around them) that end text[0, end): `[1][2] `
 * in "… tides [1][2] " — what `/(?:[ \t]*\[\d[^\]\n]*\])+[ \t]*$/` strips (end when none). Each
 * marker ends at the first `]` after its `[` and a digit, on one line.
 */
function markersBefore(text: string, end: number): number {
  let e = end;
  while (e > 0 && isTabOrSpace(text.charCodeAt(e - 1))) e--;
  if (e === 0 || text.charCodeAt(e - 1) !== CLOSE) return end;
  let close = e - 1;
  let start = -1;
  for (;;) {
    // The marker that ends at `close` starts after the previous `]` or line end.
    let lo = close;
    while (lo > 0) {
      const c = text.charCodeAt(lo - 1);
      if (c === CLOSE || c === NEWLINE) break;
      lo--;
    }
    // Its `[` is the first one followed by a digit (the digit before the `]`).
    let open = -1;
    for (let k = lo; k <= close - 2; k++) {
      if (text.charCodeAt(k) === OPEN && isDigit(text.charCodeAt(k + 1))) {
        open = k;
        break;
      }
    }
    if (open < 0) break;
    let from = open;
    while (from > lo && isTabOrSpace(text.charCodeAt(from - 1))) from--;
    start = from;
    // Only a marker that fills its whole stretch joins the one before it ("[1][2]").
    if (from !== lo || lo === 0 || text.charCodeAt(lo - 1) !== CLOSE) break;
    close = lo - 1;
  }
  return start < 0 ? end : start;
}

/** The start of a sentence's end (`. `, `?") `) that ends text[0, end), or end when none. */
function stopBefore(text: string, end: number): number {
  let e = end;
  while (e > 0 && isTabOrSpace(text.charCodeAt(e - 1))) e--;
  let closers = e;
  while (closers > 0 && isCloser(text.charCodeAt(closers - 1))) closers--;
  let stop = closers;
  while (stop > 0 && isStop(text.charCodeAt(stop - 1))) stop--;
  return stop < closers ? stop : end;
}

/** Where the sentence a marker at `index` closes starts (after the previous sentence's end). */
export function sentenceStart(text: string, index: number): number {
  // Markers right before this one belong to the same sentence ("… tides [1][2]."), and the
  // sentence's own end goes when the marker follows it ("… twice a day. [2]").
  const end = stopBefore(text, markersBefore(text, index));
  // After the previous marker or line end…
  let cut = end;
  while (cut > 0) {
    const c = text.charCodeAt(cut - 1);
    if (c === CLOSE || c === NEWLINE) break;
    cut--;
  }
  // …or the previous sentence's end (a stop, its closers, then space), if later.
  let runEnd = end;
  while (runEnd > cut) {
    while (runEnd > cut && !isSpace(text.charCodeAt(runEnd - 1))) runEnd--;
    if (runEnd <= cut) break;
    let runStart = runEnd;
    while (runStart > 0 && isSpace(text.charCodeAt(runStart - 1))) runStart--;
    let closers = runStart;
    while (closers > 0 && isCloser(text.charCodeAt(closers - 1))) closers--;
    if (closers > 0 && isStop(text.charCodeAt(closers - 1))) {
      cut = runEnd;
      break;
    }
    runEnd = runStart;
  }
  while (cut < end && isSpace(text.charCodeAt(cut))) cut++;
  return cut;
}

const SENTENCE_END = /(?:[ \t]*\[\d[^\]\n]*\])*[.!?]?/y;

/** Where a sentence ends: past its markers and its closing punctuation. */
export function sentenceEnd(text: string, markerEnd: number): number {
  SENTENCE_END.lastIndex = markerEnd;
  const rest = SENTENCE_END.exec(text);
  return markerEnd + (rest?.[0].length ?? 0);
}
