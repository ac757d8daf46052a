import { cleanText } from "./clean-text.ts";

/**
 * Builds one page's text from blocks (paragraphs, headings, table rows) with the headings' levels
 * and offsets, for chunking with heading paths. Whitespace inside a block is collapsed; blocks are
 * separated by a blank line. U+0000 and lone surrogates are dropped before offsets are taken.
 */
export class TextBuilder {
  private parts: string[] = [];
  private length = 0;
  readonly headings: Array<{ level: number; text: string; offset: number }> = [];

  private push(text: string): number | null {
    const clean = cleanText(text)
      .replace(/[ \t\f\v\u00a0\r\n]+/g, " ")
      .trim();
    if (!clean) return null;
    if (this.parts.length > 0) {
      this.parts.push("\n\n");
      this.length += 2;
    }
    const offset = this.length;
    this.parts.push(clean);
    this.length += clean.length;
    return offset;
  }

  /** Adds a paragraph; its [start, end) in the text, or null when it was empty. */
  paragraph(text: string): [number, number] | null {
    const offset = this.push(text);
    return offset === null ? null : [offset, this.length];
  }

  /** Preformatted text (code, CSV rows): line breaks kept. */
  lines(text: string): [number, number] | null {
    const clean = cleanText(text)
      .replace(/\r\n?/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    if (!clean) return null;
    if (this.parts.length > 0) {
      this.parts.push("\n\n");
      this.length += 2;
    }
    const offset = this.length;
    this.parts.push(clean);
    this.length += clean.length;
    return [offset, this.length];
  }

  heading(level: number, text: string): [number, number] | null {
    const offset = this.push(text);
    if (offset === null) return null;
    const clean = this.parts.at(-1) ?? "";
    this.headings.push({ level: Math.min(6, Math.max(1, level)), text: clean, offset });
    return [offset, this.length];
  }

  get size() {
    return this.length;
  }

  build() {
    return { text: this.parts.join(""), headings: this.headings };
  }
}
