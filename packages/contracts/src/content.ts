/**
 * Reading the content files (content/blog/*.md, content/faq.md), shared by the web build (blog,
 * FAQ) and the server (knowledge base, RSS), so a post means the same thing on the blog and in
 * local search. Front matter is a small YAML subset: `key: value`, quoted values and
 * `key: [a, b]` lists.
 */
export type FrontMatterFields = Record<string, string | string[]>;

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.at(-1) === v[0]) return v.slice(1, -1);
  return v;
}

function parseFields(lines: string[]): FrontMatterFields {
  const fields: FrontMatterFields = {};
  for (const line of lines) {
    const match = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key = "", raw = ""] = match;
    const value = raw.trim();
    fields[key] =
      value.startsWith("[") && value.endsWith("]")
        ? value
            .slice(1, -1)
            .split(",")
            .map(unquote)
            .filter((v) => v !== "")
        : unquote(value);
  }
  return fields;
}

/**
 * A markdown file's front matter lines (between a first line "---" and the next "---") and its
 * body; `head` is null when the file has none (CRLF tolerated).
 */
export function frontMatterParts(markdown: string): { head: string[] | null; body: string } {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  if (lines[0]?.trim() !== "---") return { head: null, body: lines.join("\n") };
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === "---");
  if (end <= 0) return { head: null, body: lines.join("\n") };
  return { head: lines.slice(1, end), body: lines.slice(end + 1).join("\n") };
}

/** Splits a markdown file into its front matter fields and its body (CRLF tolerated). */
export function splitFrontMatter(markdown: string): { fields: FrontMatterFields; body: string } {
  const { head, body } = frontMatterParts(markdown);
  return { fields: head ? parseFields(head) : {}, body };
}

export function textField(fields: FrontMatterFields, key: string): string {
  const value = fields[key];
  return typeof value === "string" ? value : "";
}

export function listField(fields: FrontMatterFields, key: string): string[] {
  const value = fields[key];
  if (Array.isArray(value)) return value;
  return value ? [value] : [];
}

/**
 * The id of a heading, GitHub-style: "Is Nexus free?" → "is-nexus-free". Articles give their
 * headings these ids and offline answers cite `/blog/<slug>#<id>`, so the links land on them.
 */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
}
