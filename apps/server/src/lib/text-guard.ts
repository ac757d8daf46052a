/**
 * Text PostgreSQL (and every other part of the product) can hold: no NUL character and no lone
 * UTF-16 surrogate (U+D800–U+DFFF without its pair). JSON can spell both (`\u0000`, `\ud800`) and a
 * query string can carry `%00`; `parseValue` (every JSON body and query object) refuses them with a
 * 400 instead of failing deep inside. (A percent-encoded lone surrogate is not valid UTF-8, so URL
 * decoding never yields one.) Path parameters are ids: a route answers an impossible id with the
 * same 404 as a missing one (gate G2), which the fuzz gate holds for `%00`.
 */

export const NUL_MESSAGE =
  "The request holds a NUL character (\\u0000), which text cannot contain.";
export const SURROGATE_MESSAGE =
  "The request holds an unpaired surrogate (\\ud800–\\udfff), which is not valid text.";
export const BAD_UTF8_MESSAGE = "The request body is not valid UTF-8.";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string is not valid text, or null when it is. */
export function invalidTextMessage(text: string): string | null {
  if (text.includes("\u0000")) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

export interface InvalidText {
  /** Dotted path to the value or key (`messages.2.text`), "" for the value itself. */
  path: string;
  message: string;
}

/**
 * The first string (value or object key) at any depth of a parsed JSON value or query object that
 * is not valid text. Iterative, so nesting as deep as JSON.parse accepts cannot overflow the stack.
 */
export function findInvalidText(value: unknown): InvalidText | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: "" }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, path } = item;
    if (typeof current === "string") {
      const message = invalidTextMessage(current);
      if (message) return { path, message };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i], path: path ? `${path}.${i}` : String(i) });
      }
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i];
        if (entry === undefined) continue;
        const [key, child] = entry;
        const childPath = path ? `${path}.${key}` : key;
        const message = invalidTextMessage(key);
        if (message) return { path: childPath, message };
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/**
 * Text from outside (a model's output, a search backend's titles and snippets, a fetched page)
 * made storable: NUL characters dropped, lone surrogates replaced by U+FFFD. Request input is
 * refused instead (parseValue); this is for what the product itself is about to save.
 */
export function storableText(text: string): string {
  return text.replaceAll("\u0000", "").replace(LONE_SURROGATES, "\ufffd");
}

/**
 * What JSON.stringify writes for a NUL or a lone surrogate (it escapes both, and writes a paired
 * surrogate as it is), or the text of an escaped backslash before a `u` (then the slow path).
 */
const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/** JSON for a jsonb column: every string value made storable (keys are the product's own). */
export function storableJson(value: unknown): string {
  // Most values hold nothing to change: serialised once, without a replacer call per value.
  const json = JSON.stringify(value);
  if (json === undefined || !UNSTORABLE_ESCAPE.test(json)) return json;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "string" ? storableText(v) : v));
}
