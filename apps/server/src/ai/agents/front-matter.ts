/**
 * A strict reader for the front matter of preset agent files: the YAML subset they use, and
 * nothing else. (The `yaml` package is not installed; this parses only these shapes and refuses
 * anything it does not understand, so a typo fails loudly instead of changing a value.)
 *
 *   key: value                 plain, "double-quoted" or 'single-quoted' scalar
 *   key: [a, "b c"]            flow sequence
 *   key:                       block sequence, items indented under the key
 *     - item
 *     - { name: x, label: "X", options: [a, b] }
 *   # comment                  whole-line comments, and ` # comment` after a value
 *
 * Plain scalars `true`/`false` are booleans, `null`/`~` null, numbers numbers, as YAML reads them.
 */

export type FrontMatterValue =
  | string
  | number
  | boolean
  | null
  | FrontMatterValue[]
  | { [key: string]: FrontMatterValue };

/** A front matter that is not the subset above; `field` is the key the problem is under. */
export class FrontMatterError extends Error {
  constructor(
    readonly line: number,
    readonly field: string | undefined,
    problem: string,
  ) {
    super(`${field ? `field "${field}" (line ${line})` : `line ${line}`}: ${problem}`);
    this.name = "FrontMatterError";
  }
}

const KEY = /^([A-Za-z][A-Za-z0-9_]*):(?:[ ]+(.*))?$/;
const ITEM = /^ {2}- (.*)$/;
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
/** Characters a plain scalar may not start with (YAML indicators we do not support). */
const RESERVED_START = /^[&*!|>%@`]/;

/** Reads one flow value from `text` at `pos`; `flow` is true inside [ ] or { }. */
class FlowReader {
  pos = 0;
  constructor(
    private readonly text: string,
    private readonly fail: (problem: string) => never,
  ) {}

  private skipSpaces(): void {
    while (this.text[this.pos] === " ") this.pos++;
  }

  /** The whole text as one value (a block value: a plain scalar may then contain , [ ] { }). */
  readAll(): FrontMatterValue {
    this.skipSpaces();
    const value = this.readValue(false);
    this.skipSpaces();
    if (this.pos < this.text.length) this.fail(`unexpected "${this.text.slice(this.pos)}"`);
    return value;
  }

  private readValue(flow: boolean): FrontMatterValue {
    const c = this.text[this.pos];
    if (c === "[") return this.readSequence();
    if (c === "{") return this.readMap();
    if (c === '"') return this.readDoubleQuoted();
    if (c === "'") return this.readSingleQuoted();
    return this.readPlain(flow);
  }

  private readSequence(): FrontMatterValue[] {
    this.pos++;
    const items: FrontMatterValue[] = [];
    this.skipSpaces();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return items;
    }
    for (;;) {
      this.skipSpaces();
      items.push(this.readValue(true));
      this.skipSpaces();
      const c = this.text[this.pos++];
      if (c === "]") return items;
      if (c !== ",") this.fail('a list needs "," between items and "]" at its end');
    }
  }

  private readMap(): { [key: string]: FrontMatterValue } {
    this.pos++;
    const map: { [key: string]: FrontMatterValue } = {};
    this.skipSpaces();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return map;
    }
    for (;;) {
      this.skipSpaces();
      const key = /^[A-Za-z][A-Za-z0-9_]*/.exec(this.text.slice(this.pos))?.[0];
      if (!key || this.text[this.pos + key.length] !== ":") this.fail('expected "key: value"');
      if (Object.hasOwn(map, key)) this.fail(`"${key}" appears twice`);
      this.pos += key.length + 1;
      this.skipSpaces();
      map[key] = this.readValue(true);
      this.skipSpaces();
      const c = this.text[this.pos++];
      if (c === "}") return map;
      if (c !== ",") this.fail('a map needs "," between entries and "}" at its end');
    }
  }

  private readDoubleQuoted(): string {
    let out = "";
    for (this.pos++; this.pos < this.text.length; this.pos++) {
      const c = this.text[this.pos];
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c === "\\") {
        const next = this.text[++this.pos];
        const escaped = next === "n" ? "\n" : next === "t" ? "\t" : next;
        if (escaped !== "\n" && escaped !== "\t" && escaped !== '"' && escaped !== "\\") {
          this.fail(`unsupported escape "\\${next ?? ""}"`);
        }
        out += escaped;
      } else {
        out += c;
      }
    }
    return this.fail("a double-quoted string is not closed");
  }

  private readSingleQuoted(): string {
    let out = "";
    for (this.pos++; this.pos < this.text.length; this.pos++) {
      const c = this.text[this.pos];
      if (c === "'") {
        if (this.text[this.pos + 1] !== "'") {
          this.pos++;
          return out;
        }
        this.pos++;
      }
      out += c;
    }
    return this.fail("a single-quoted string is not closed");
  }

  private readPlain(flow: boolean): FrontMatterValue {
    const rest = this.text.slice(this.pos);
    const raw = (flow ? /^[^,[\]{}]*/.exec(rest)?.[0] : rest) ?? "";
    this.pos += raw.length;
    const value = raw.trim();
    if (value === "") this.fail("a value is missing");
    if (RESERVED_START.test(value) || value.startsWith("- ")) {
      this.fail(`"${value}" starts with a character that needs quotes`);
    }
    if (/: |:$/.test(value)) this.fail(`"${value}" contains ": "; put it in quotes`);
    if (value === "true" || value === "false") return value === "true";
    if (value === "null" || value === "~") return null;
    if (NUMBER.test(value)) return Number(value);
    return value;
  }
}

/** Drops a ` # comment` that is outside quotes. */
function stripComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "#" && (i === 0 || text[i - 1] === " ")) {
      return text.slice(0, i).trimEnd();
    }
  }
  return text.trimEnd();
}

function parseValue(text: string, line: number, field: string): FrontMatterValue {
  const fail = (problem: string): never => {
    throw new FrontMatterError(line, field, problem);
  };
  return new FlowReader(text, fail).readAll();
}

/** Parses front matter lines (without the --- fences); `firstLine` numbers them in the file. */
export function parseFrontMatterLines(
  lines: readonly string[],
  firstLine = 1,
): Record<string, FrontMatterValue> {
  const fields: Record<string, FrontMatterValue> = {};
  /** The key whose block sequence is being read. */
  let block: { key: string; line: number; items: FrontMatterValue[] } | undefined;
  const endBlock = () => {
    if (block?.items.length === 0)
      throw new FrontMatterError(block.line, block.key, "has no value");
    block = undefined;
  };
  let lastKey: string | undefined;
  lines.forEach((rawLine, index) => {
    const line = firstLine + index;
    if (rawLine.includes("\t"))
      throw new FrontMatterError(line, block?.key, "tabs are not allowed");
    const text = stripComment(rawLine);
    if (text.trim() === "") return;
    const item = ITEM.exec(text);
    if (item) {
      if (!block) {
        throw lastKey
          ? new FrontMatterError(line, lastKey, "has a value on its line and list items below it")
          : new FrontMatterError(line, undefined, "a list item without a key above it");
      }
      block.items.push(parseValue(item[1] ?? "", line, block.key));
      return;
    }
    const match = KEY.exec(text);
    if (!match) {
      throw new FrontMatterError(
        line,
        block?.key,
        `expected "key: value" or "  - item", found "${text.trim()}"`,
      );
    }
    const [, key = "", value] = match;
    endBlock();
    lastKey = key;
    if (Object.hasOwn(fields, key)) throw new FrontMatterError(line, key, "appears twice");
    if (value === undefined || value === "") {
      block = { key, line, items: [] };
      fields[key] = block.items;
    } else {
      fields[key] = parseValue(value, line, key);
    }
  });
  endBlock();
  return fields;
}

/** Splits `--- front matter ---` from the body; throws when the fences are missing. */
export function splitFrontMatterStrict(markdown: string): {
  fields: Record<string, FrontMatterValue>;
  body: string;
} {
  const lines = markdown
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (lines[0] !== "---")
    throw new FrontMatterError(1, undefined, 'the file must start with "---"');
  const end = lines.indexOf("---", 1);
  if (end < 0) throw new FrontMatterError(1, undefined, 'the front matter has no closing "---"');
  return {
    fields: parseFrontMatterLines(lines.slice(1, end), 2),
    body: lines.slice(end + 1).join("\n"),
  };
}
