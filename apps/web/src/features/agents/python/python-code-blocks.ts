/**
 * The Python code blocks of a reply, for their Run buttons. The reply's markdown is cut after each
 * top-level Python fence, so each part renders as it would in the whole and the button sits right
 * under its block. Fences follow CommonMark: three or more backticks or tildes, indented at most
 * three spaces, closed by the same character at least as long (or by the end of the text).
 */

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
/** Reference-style link definitions and footnotes refer across parts: such text is not cut. */
const CROSS_REFERENCES = /^ {0,3}\[[^\]\n]+\]:|\[\^[^\]\n]+\]/m;
const PYTHON_LANGUAGES = new Set(["python", "py", "python3", "py3"]);

export interface PythonBlock {
  /** 1-based, in the order of the reply's Python blocks. */
  number: number;
  code: string;
}

export interface MarkdownPart {
  markdown: string;
  /** The Python blocks whose Run buttons follow this part (usually the one it ends with). */
  blocks: PythonBlock[];
  /** The part's highest ATX heading level, outside code; null when it has none. */
  highestHeading: number | null;
}

function isPython(info: string): boolean {
  const language =
    info
      .trim()
      .split(/\s+/)[0]
      ?.replace(/^\{\.?|\}$/g, "") ?? "";
  return PYTHON_LANGUAGES.has(language.toLowerCase());
}

/** The content line with the fence's indentation taken off (CommonMark). */
function unindent(line: string, indent: number): string {
  let i = 0;
  while (i < indent && line[i] === " ") i++;
  return line.slice(i);
}

/**
 * The reply cut into parts, each ending with a top-level Python block (the last part holds the
 * rest). Joined with "\n" the parts give back the markdown exactly.
 */
export function pythonParts(markdown: string): MarkdownPart[] {
  const lines = markdown.split("\n");
  const splittable = !CROSS_REFERENCES.test(markdown);
  const parts: MarkdownPart[] = [];
  let current: string[] = [];
  let blocks: PythonBlock[] = [];
  let highest: number | null = null;
  let count = 0;
  const close = () => {
    parts.push({ markdown: current.join("\n"), blocks, highestHeading: highest });
    current = [];
    blocks = [];
    highest = null;
  };

  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    const open = FENCE.exec(line);
    const marker = open?.[2] ?? "";
    const info = open?.[3] ?? "";
    if (!open || (marker[0] === "`" && info.includes("`"))) {
      const heading = ATX.exec(line)?.[1]?.length;
      if (heading !== undefined) highest = Math.min(highest ?? heading, heading);
      current.push(line);
      i++;
      continue;
    }
    const indent = open[1]?.length ?? 0;
    const content: string[] = [];
    let j = i + 1;
    let closed = false;
    while (j < lines.length) {
      const end = FENCE.exec(lines[j] ?? "");
      const endMarker = end?.[2] ?? "";
      if (
        end &&
        endMarker[0] === marker[0] &&
        endMarker.length >= marker.length &&
        (end[3] ?? "").trim() === ""
      ) {
        closed = true;
        break;
      }
      content.push(unindent(lines[j] ?? "", indent));
      j++;
    }
    const last = closed ? j : j - 1;
    current.push(...lines.slice(i, last + 1));
    i = last + 1;
    if (!isPython(info)) continue;
    const code = content.join("\n");
    if (code.trim() === "") continue;
    count += 1;
    blocks.push({ number: count, code });
    // Cut only after a fence at the margin: one indented may belong to a list item.
    if (splittable && indent === 0 && i < lines.length) close();
  }
  if (current.length > 0 || parts.length === 0) close();
  return parts;
}

/** Every Python block of the reply, in order. */
export function pythonBlocks(markdown: string): PythonBlock[] {
  return pythonParts(markdown).flatMap((part) => part.blocks);
}
