/**
 * The one sanitiser for text a model wrote (answers, agents' replies, document chat, research
 * reports), applied on the server before the text is streamed or saved (gates G7 and G14).
 *
 * A model's text may carry what a page or a document told it to write. Images of other origins
 * reach a reader only through this server's image proxy, and only for images a source carried
 * (their signed URLs travel in the message's own parts, never in its text). So in model text:
 * - an image (`![alt](dest "title")`, `![alt][ref]`, `![alt][]`) becomes its alt text;
 * - an HTML image tag (`<img …>`, `<image …>`) is removed, its alt text kept;
 * - every word (whitespace to whitespace) that names the image proxy or carries a signed proxy
 *   query is removed, however it is spelt: absolute or relative, autolink or reference
 *   definition, upper case, percent-encoded (also twice), HTML entities, backslashes, dot
 *   segments, tabs or invisible characters inside.
 * Everything else is kept as written. The web renderer refuses images that are not the message's
 * source images as well (answer-markdown.tsx): two independent guards.
 */

/** The image proxy's path, as the server mounts it (modules/images/image-urls.ts). */
const PROXY_PATH = "api/image";
/** A signed proxy query (`u=…&s=<22 characters>`), wherever it stands in a word. */
const SIGNED_QUERY = /u=[^&\s]*&s=[a-z0-9_-]{22}/i;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  sol: "/",
  bsol: "\\",
  quest: "?",
  equals: "=",
  amp: "&",
  period: ".",
  colon: ":",
  percnt: "%",
  num: "#",
  lowbar: "_",
  hyphen: "-",
  dash: "-",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});?/gi, (all, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X"
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? all;
  });
}

function decodePercents(text: string): string {
  return text.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: what URL parsers drop is the point here.
const INVISIBLE = /[\u0000-\u001f\u007f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g;

/** A word as a URL parser would read it: decoded, lower-case, slashes plain, dot segments gone. */
export function normalisedWord(word: string): string {
  let text = word;
  for (let round = 0; round < 4; round++) {
    const next = decodePercents(decodeEntities(text));
    if (next === text) break;
    text = next;
  }
  text = text.replace(INVISIBLE, "").replace(/\\/g, "/").toLowerCase();
  let previous = "";
  while (previous !== text) {
    previous = text;
    text = text
      .replace(/\/{2,}/g, "/")
      .replace(/\/\.(?=\/|\?|#|$)/g, "")
      .replace(/\/[^/?#]*\/\.\.(?=\/|\?|#|$)/g, "");
  }
  return text;
}

/**
 * Characters without which no spelling names the proxy: its path needs a slash (written, as a
 * backslash, or decoded from an entity or a percent escape), a signed query an ampersand.
 */
const MAY_NAME_PROXY = /[/\\&%]/;

/** True when a word names the image proxy or carries a signed proxy query. */
export function namesImageProxy(word: string): boolean {
  if (!MAY_NAME_PROXY.test(word)) return false;
  const text = normalisedWord(word);
  return text.includes(PROXY_PATH) || SIGNED_QUERY.test(text);
}

/** Alt text: one level of nested brackets, no blank line. */
const ALT = String.raw`((?:[^\[\]\n]|\n(?!\s*\n)|\[[^\[\]\n]*\])*)`;
/** An inline destination and title: one level of nested parentheses, no blank line. */
const INLINE_TAIL = String.raw`\((?:[^()\n]|\n(?!\s*\n)|\([^()\n]*\))*\)`;
const INLINE_IMAGE = new RegExp(String.raw`!\[${ALT}\]${INLINE_TAIL}`, "g");
const REFERENCE_IMAGE = new RegExp(String.raw`!\[${ALT}\]\[[^\[\]\n]*\]`, "g");
const HTML_IMAGE = /<(?:img|image)\b[^>]*>/gi;
const ALT_ATTRIBUTE = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * Sanitises a whole model text (or any piece of it that ends at whitespace, as the streaming
 * sanitiser cuts it): see the file's comment.
 */
export function sanitizeModelText(text: string): string {
  if (text === "") return text;
  const withoutImages = text
    .replace(INLINE_IMAGE, (_all, alt: string) => alt)
    .replace(REFERENCE_IMAGE, (_all, alt: string) => alt)
    .replace(HTML_IMAGE, (tag) => {
      const alt = ALT_ATTRIBUTE.exec(tag);
      return alt?.[1] ?? alt?.[2] ?? alt?.[3] ?? "";
    });
  // Words are cut at white space only: every character of a URL (quotes and parentheses too)
  // may sit in one of its path segments. A text without a slash, backslash, & or % has none.
  if (!MAY_NAME_PROXY.test(withoutImages)) return withoutImages;
  return withoutImages.replace(/[^ \n\r\f\v]+/g, (word) => (namesImageProxy(word) ? "" : word));
}

/** Past this many characters held, text goes out even inside an unfinished construct. */
const MAX_HELD = 4096;

/** Where an unfinished image (`![…` not yet closed) starts in `text`, or -1. */
function openImageAt(text: string): number {
  for (let at = text.lastIndexOf("!["); at >= 0; at = text.lastIndexOf("![", at - 1)) {
    const rest = text.slice(at);
    if (/\n\s*\n/.test(rest)) return -1; // a blank line ends any construct before it
    const closed = new RegExp(
      String.raw`^!\[${ALT}\](?:${INLINE_TAIL}|\[[^\[\]\n]*\]|(?=[^(\[]))`,
    ).exec(rest);
    if (!closed) return at;
    if (at === 0) return -1;
  }
  return -1;
}

/**
 * Where an unfinished image tag (`<img…` or `<image…` without its `>`, or a `<` that may still
 * become one) starts in `text`, or -1. Other `<` (comparisons in code) are never held.
 */
function openTagAt(text: string): number {
  const at = text.lastIndexOf("<");
  if (at < 0 || text.indexOf(">", at) >= 0) return -1;
  const rest = text.slice(at + 1);
  if (/\n\s*\n/.test(rest)) return -1;
  const maybe =
    /^(?:i(?:m(?:a(?:ge?)?|g)?)?)?$/i.test(rest) || /^(?:img|image)(?![a-z0-9])/i.test(rest);
  return maybe ? at : -1;
}

/**
 * Sanitises a streamed text delta by delta: it holds back only what could still change meaning
 * with the next delta (a word that is not plain letters and digits, an unfinished image or tag),
 * so the concatenation of what it gives is the sanitised text. `push` a delta, `end` at the part's
 * end (what was held). A plain word goes out at once: the first token is not delayed.
 */
export class ModelTextSanitizer {
  private held = "";

  push(delta: string): string {
    this.held += delta;
    const cut = this.cutPoint();
    if (cut <= 0) return "";
    const out = sanitizeModelText(this.held.slice(0, cut));
    this.held = this.held.slice(cut);
    return out;
  }

  /** Everything still held, sanitised (the part ended, or the stream stopped). */
  end(): string {
    const out = sanitizeModelText(this.held);
    this.held = "";
    return out;
  }

  private cutPoint(): number {
    const text = this.held;
    // The last word (after the last white space) may go on in the next delta.
    const space = Math.max(
      text.lastIndexOf(" "),
      text.lastIndexOf("\n"),
      text.lastIndexOf("\r"),
      text.lastIndexOf("\f"),
      text.lastIndexOf("\v"),
    );
    const lastWord = text.slice(space + 1);
    let cut = /^[\p{L}\p{N}]*$/u.test(lastWord) ? text.length : space + 1;
    const image = openImageAt(text.slice(0, cut));
    if (image >= 0) cut = Math.min(cut, image);
    const tag = openTagAt(text.slice(0, cut));
    if (tag >= 0) cut = Math.min(cut, tag);
    // Cut only at white space (or the text's end): a word is never split.
    if (cut < text.length && cut > 0 && !/\s/.test(text[cut - 1] ?? "")) {
      const before = text.slice(0, cut);
      cut = Math.max(before.lastIndexOf(" "), before.lastIndexOf("\n")) + 1;
    }
    if (cut <= 0 && text.length > MAX_HELD) return this.forcedCut();
    return cut;
  }

  /**
   * A long unfinished construct: what is held goes out up to its last white space, with every
   * image or tag opening in it defused (`!\[`, `&lt;`) so that no later delta can complete it.
   */
  private forcedCut(): number {
    const text = this.held;
    const space = Math.max(text.lastIndexOf(" "), text.lastIndexOf("\n"));
    const cut = space > 0 ? space + 1 : text.length;
    const defused = text
      .slice(0, cut)
      .replaceAll("![", "!\\[")
      .replace(/<(?=i|$)/gi, "&lt;");
    this.held = defused + text.slice(cut);
    return defused.length;
  }
}
