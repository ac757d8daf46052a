import {
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from "docx";
import type {
  BlockContent,
  DefinitionContent,
  List,
  Table as MdTable,
  PhrasingContent,
} from "mdast";
import { exportAstOf } from "./export-ast.ts";
import { type ExportImages, fitted, linkText, NO_IMAGES } from "./export-images.ts";

/**
 * A thread's export Markdown as a Word document (docx), drawn from its syntax tree: headings as
 * Word's heading styles (so the navigation pane lists them), bullet lists as Word's, numbered
 * lists with their numbers written out, tables as
 * tables, code and math (TeX as written) in Courier New on a shaded paragraph, links as links,
 * the document's own images embedded (ExportImages: PNG, JPEG, GIF; others and those past the
 * cap as links saying why; nothing is fetched), footnote references as superscript numbers (the Sources
 * lists carry what they point to). Word picks a fallback font for any script.
 */

type Block = Paragraph | Table;

interface Style {
  /** The images the export embeds (threaded through every run of the document). */
  images?: ExportImages;
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
}

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

const MONO = "Courier New";
const SHADE = { type: ShadingType.CLEAR, fill: "F4F4F5", color: "auto" } as const;

function run(text: string, style: Style, extra: Record<string, unknown> = {}): TextRun {
  return new TextRun({
    text,
    ...(style.bold ? { bold: true } : {}),
    ...(style.italics ? { italics: true } : {}),
    ...(style.strike ? { strike: true } : {}),
    ...(style.code ? { font: MONO, shading: SHADE } : {}),
    ...extra,
  });
}

function inlines(nodes: readonly PhrasingContent[], style: Style = {}): ParagraphChild[] {
  return nodes.flatMap((node): ParagraphChild[] => {
    switch (node.type) {
      case "text":
        return [run(node.value, style)];
      case "strong":
        return inlines(node.children, { ...style, bold: true });
      case "emphasis":
        return inlines(node.children, { ...style, italics: true });
      case "delete":
        return inlines(node.children, { ...style, strike: true });
      case "inlineCode":
        return [run(node.value, { ...style, code: true })];
      case "inlineMath":
        return [run(node.value, { ...style, code: true, italics: true })];
      case "break":
        return [new TextRun({ break: 1 })];
      case "link":
        return [
          new ExternalHyperlink({
            link: node.url,
            children: linkRuns(node.children, style),
          }),
        ];
      case "image": {
        const images = style.images ?? NO_IMAGES;
        const image = images.embed[node.url];
        if (image)
          return [
            new ImageRun({
              type: image.type,
              data: image.bytes,
              // Pixels at 96 dpi: the A4 text width (6.27 in) and most of its height.
              transformation: fitted(image, 600, 860),
              altText: { name: node.alt || "image", description: node.alt || "", title: "" },
            }),
          ];
        const text = linkText(node.alt, node.url, images.notes[node.url]);
        return [
          new ExternalHyperlink({
            link: node.url,
            children: [run(text, style, { style: "Hyperlink" })],
          }),
        ];
      }
      case "footnoteReference":
        return [run(`[${node.label ?? node.identifier}]`, style, { superScript: true })];
      case "html":
        return [run(node.value, style)];
      default:
        return "children" in node ? inlines(node.children as PhrasingContent[], style) : [];
    }
  });
}

/** A link's text as runs in the Hyperlink style (a hyperlink holds runs only). */
function linkRuns(nodes: readonly PhrasingContent[], style: Style): TextRun[] {
  return nodes.flatMap((node): TextRun[] => {
    if (node.type === "text") return [run(node.value, style, { style: "Hyperlink" })];
    if (node.type === "inlineCode")
      return [run(node.value, { ...style, code: true }, { style: "Hyperlink" })];
    if (node.type === "strong") return linkRuns(node.children, { ...style, bold: true });
    if (node.type === "emphasis") return linkRuns(node.children, { ...style, italics: true });
    return "children" in node ? linkRuns(node.children as PhrasingContent[], style) : [];
  });
}

class Renderer {
  /** The style every paragraph starts from: no emphasis, the export's images. */
  private readonly base: Style;

  constructor(images: ExportImages) {
    this.base = { images };
  }

  blocks(nodes: readonly (BlockContent | DefinitionContent)[], level = -1): Block[] {
    return nodes.flatMap((node) => this.block(node, level));
  }

  block(node: BlockContent | DefinitionContent, level: number): Block[] {
    switch (node.type) {
      case "heading":
        return [
          new Paragraph({
            heading: HEADINGS[node.depth - 1],
            children: inlines(node.children, this.base),
          }),
        ];
      case "paragraph":
        return [
          new Paragraph({
            children: inlines(node.children, this.base),
            ...(level >= 0 ? { indent: { left: 720 * (level + 1) } } : {}),
          }),
        ];
      case "list":
        return this.list(node, level + 1);
      case "table":
        return [table(node, this.base)];
      case "code":
        return [code(node.value, false)];
      case "math":
        return [code(node.value, true)];
      case "blockquote":
        return node.children.flatMap((child): Block[] =>
          child.type === "paragraph"
            ? [
                new Paragraph({
                  children: inlines(child.children, { ...this.base, italics: true }),
                  indent: { left: 567 },
                  border: {
                    left: { style: BorderStyle.SINGLE, size: 12, color: "D4D4D8", space: 8 },
                  },
                }),
              ]
            : this.block(child, level),
        );
      case "thematicBreak":
        return [
          new Paragraph({
            children: [],
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "D4D4D8", space: 1 } },
          }),
        ];
      case "html":
        return [new Paragraph({ children: [new TextRun(node.value)] })];
      default:
        // Footnote definitions (their sources are listed in full) and link definitions.
        return [];
    }
  }

  /**
   * A list: bullets as Word's bullet list; numbers written out ("7.") on a hanging indent, so each
   * list starts at its own number without a Word numbering of its own (docx substitutes each
   * numbering through the whole document's XML: a hundred lists took seconds).
   */
  list(node: List, level: number): Block[] {
    const start = node.start ?? 1;
    return node.children.flatMap((item, n) =>
      item.children.flatMap((child, i): Block[] => {
        if (i > 0 || child.type !== "paragraph") return this.block(child, level);
        if (!node.ordered)
          return [
            new Paragraph({ children: inlines(child.children, this.base), bullet: { level } }),
          ];
        return [
          new Paragraph({
            children: [new TextRun(`${start + n}.\t`), ...inlines(child.children, this.base)],
            indent: { left: 720 * (level + 1), hanging: 360 },
            tabStops: [{ type: TabStopType.LEFT, position: 720 * (level + 1) }],
          }),
        ];
      }),
    );
  }
}

function code(text: string, math: boolean): Paragraph {
  const lines = text.split("\n");
  return new Paragraph({
    shading: SHADE,
    spacing: { before: 60, after: 120 },
    children: lines.map(
      (line, i) =>
        new TextRun({
          text: line,
          font: MONO,
          size: 18,
          italics: math,
          ...(i > 0 ? { break: 1 } : {}),
        }),
    ),
  });
}

function table(node: MdTable, base: Style): Table {
  const width = Math.max(1, ...node.children.map((row) => row.children.length));
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: node.children.map(
      (row, r) =>
        new TableRow({
          // Only the first row repeats as a header (`false` would still mark a row as one).
          ...(r === 0 ? { tableHeader: true } : {}),
          children: Array.from({ length: width }, (_, c) => {
            const cell = row.children[c];
            const children = cell ? inlines(cell.children, { ...base, bold: r === 0 }) : [];
            return new TableCell({ children: [new Paragraph({ children })] });
          }),
        }),
    ),
  });
}

/** The Word document of an export's Markdown pieces. */
export async function exportDocx(
  chunks: readonly string[],
  title: string,
  images: ExportImages = NO_IMAGES,
): Promise<Buffer> {
  const renderer = new Renderer(images);
  const children = renderer.blocks((await exportAstOf(chunks)).children as BlockContent[]);
  const doc = new Document({
    creator: "Nexus",
    title,
    styles: { default: { document: { run: { font: "Calibri", size: 21 } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
