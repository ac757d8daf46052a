import { createRequire } from "node:module";
import path from "node:path";
import { EXPORT_WORDS } from "@nexus/contracts";
import type { BlockContent, DefinitionContent, List, PhrasingContent, Root, Table } from "mdast";
import pdfmake from "pdfmake";
import { exportAstOf } from "./export-ast.ts";
import { drawableInPdf } from "./export-gif.ts";
import { type ExportImages, fitted, linkText, NO_IMAGES } from "./export-images.ts";

/**
 * A thread's export Markdown as a PDF (pdfmake 0.3 on pdfkit), drawn from its syntax tree:
 * headings, paragraphs with bold, italics, links and inline code, lists, tables, code blocks and
 * math (TeX as written, in a monospaced box), block quotes; the document's own PNG and JPEG images
 * embedded, and a GIF's first frame as a PNG (export-gif.ts; pdfmake draws no other type: WebP,
 * an unreadable GIF and those past the cap are links that say why; nothing is fetched);
 * footnote references are superscript numbers (the Sources lists carry what they point to).
 * Text is set in Roboto (pdfmake's own font files: Latin, Greek, Cyrillic, Vietnamese). A character
 * Roboto lacks (CJK, Arabic, Hebrew, Devanagari, emoji…) is drawn as an empty box and is not in
 * the PDF's text layer (measured: pdf.js reads it as U+0000); the Markdown and Word exports keep
 * it. Code and math are set in Courier when Latin-1 holds them, else in Roboto.
 */

type Inline = string | Record<string, unknown>;
type Block = Record<string, unknown> | string;

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("pdfmake/package.json")), "fonts", "Roboto");
const font = (name: string) => path.join(fontDir, `Roboto-${name}.ttf`);

/** PDF's built-in fonts, named (pdfkit draws them from its own metrics, no file is read). */
const STANDARD = new Set(["Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique"]);

let configured = false;
function configure() {
  if (configured) return;
  pdfmake.addFonts({
    Roboto: {
      normal: font("Regular"),
      bold: font("Medium"),
      italics: font("Italic"),
      bolditalics: font("MediumItalic"),
    },
    Courier: {
      normal: "Courier",
      bold: "Courier-Bold",
      italics: "Courier-Oblique",
      bolditalics: "Courier-BoldOblique",
    },
  });
  // Nothing is fetched while a PDF is made (an image is a link, never a request), and the only
  // files read are the fonts.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(
    (file) => STANDARD.has(file) || path.resolve(file).startsWith(fontDir + path.sep),
  );
  configured = true;
}

const LATIN_1 = /^[\t\n\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018-\u201d\u2026]*$/;

/**
 * Code and math in Courier when its standard encoding (Latin-1 and a few more) holds them all,
 * else in Roboto (Greek or Cyrillic code stays readable, if not monospaced).
 */
function mono(text: string): { text: string; font: string } {
  return { text, font: LATIN_1.test(text) ? "Courier" : "Roboto" };
}

function inlines(nodes: readonly PhrasingContent[], images: ExportImages): Inline[] {
  return nodes.flatMap((node): Inline[] => {
    switch (node.type) {
      case "text":
        return [node.value];
      case "strong":
        return [{ text: inlines(node.children, images), bold: true }];
      case "emphasis":
        return [{ text: inlines(node.children, images), italics: true }];
      case "delete":
        return [{ text: inlines(node.children, images), decoration: "lineThrough" }];
      case "inlineCode":
        return [{ ...mono(node.value), background: "#f1f1f1" }];
      case "inlineMath":
        return [{ ...mono(node.value), italics: true }];
      case "break":
        return ["\n"];
      case "link":
        return [{ text: inlines(node.children, images), link: node.url, color: "#1d4ed8" }];
      case "image": {
        // An image drawn in a line is a link; an embedded one is drawn as a block (paragraph()).
        const note = images.notes[node.url];
        return [{ text: linkText(node.alt, node.url, note), link: node.url, color: "#1d4ed8" }];
      }
      case "footnoteReference":
        return [{ text: `[${node.label ?? node.identifier}]`, sup: true, color: "#1d4ed8" }];
      case "html":
        return [node.value];
      default:
        return "children" in node ? inlines(node.children as PhrasingContent[], images) : [];
    }
  });
}

function list(node: List, images: ExportImages): Block {
  const items = node.children.map((item) => ({ stack: blocks(item.children, images) }));
  return node.ordered
    ? { ol: items, start: node.start ?? 1, margin: [0, 0, 0, 6] }
    : { ul: items, margin: [0, 0, 0, 6] };
}

function table(node: Table, images: ExportImages): Block {
  const width = Math.max(1, ...node.children.map((row) => row.children.length));
  const body = node.children.map((row, r) =>
    Array.from({ length: width }, (_, c) => {
      const cell = row.children[c];
      return { text: cell ? inlines(cell.children, images) : "", bold: r === 0, fontSize: 9 };
    }),
  );
  return {
    table: { headerRows: 1, widths: Array(width).fill("*"), body },
    layout: "lightHorizontalLines",
    margin: [0, 2, 0, 8],
  };
}

function boxed(text: string, italics = false): Block {
  return {
    table: { widths: ["*"], body: [[{ ...mono(text), fontSize: 8.5, italics }]] },
    layout: {
      fillColor: () => "#f4f4f5",
      hLineWidth: () => 0,
      vLineWidth: () => 0,
      paddingLeft: () => 6,
      paddingRight: () => 6,
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
    margin: [0, 2, 0, 8],
  };
}

const HEADING_SIZES = [20, 15, 12.5, 11.5, 10.5, 10];

/** The A4 page's text width and most of its height, in points. */
const IMAGE_BOX = [515, 640] as const;

/**
 * A paragraph: its text, with each embedded image (PNG or JPEG) of it drawn as a block of its own
 * at its size (scaled down to the page), in the order they come.
 */
function paragraph(children: readonly PhrasingContent[], images: ExportImages): Block[] {
  const out: Block[] = [];
  let line: PhrasingContent[] = [];
  const flush = () => {
    if (line.length > 0) out.push({ text: inlines(line, images), margin: [0, 0, 0, 6] });
    line = [];
  };
  for (const child of children) {
    const url = child.type === "image" ? child.url : "";
    const image = url ? images.embed[url] : undefined;
    if (!image || image.type === "gif") {
      line.push(child);
      continue;
    }
    flush();
    out.push({
      image: `img:${url}`,
      ...fitted(image, IMAGE_BOX[0], IMAGE_BOX[1]),
      margin: [0, 2, 0, 8],
    });
  }
  flush();
  return out.length > 0 ? out : [{ text: [], margin: [0, 0, 0, 6] }];
}

/** pdfmake's images dictionary: each PNG and JPEG the export embeds, as a data URL. */
function imageDictionary(images: ExportImages): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [url, image] of Object.entries(images.embed)) {
    if (image.type === "gif") continue;
    const mime = image.type === "png" ? "image/png" : "image/jpeg";
    out[`img:${url}`] = `data:${mime};base64,${Buffer.from(image.bytes).toString("base64")}`;
  }
  return out;
}

function block(node: BlockContent | DefinitionContent, images: ExportImages): Block[] {
  switch (node.type) {
    case "heading":
      return [
        {
          text: inlines(node.children, images),
          fontSize: HEADING_SIZES[node.depth - 1] ?? 10,
          bold: true,
          margin: [0, node.depth <= 2 ? 12 : 8, 0, 4],
        },
      ];
    case "paragraph":
      return paragraph(node.children, images);
    case "list":
      return [list(node, images)];
    case "table":
      return [table(node, images)];
    case "code":
      return [boxed(node.value)];
    case "math":
      return [boxed(node.value, true)];
    case "blockquote":
      return [{ stack: blocks(node.children, images), margin: [12, 0, 0, 6], color: "#52525b" }];
    case "thematicBreak":
      return [
        {
          canvas: [
            { type: "line", x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 0.5, lineColor: "#d4d4d8" },
          ],
          margin: [0, 4, 0, 8],
        },
      ];
    case "html":
      return [{ text: node.value, margin: [0, 0, 0, 6] }];
    default:
      // Footnote definitions (their sources are listed in full) and link definitions.
      return [];
  }
}

function blocks(
  nodes: readonly (BlockContent | DefinitionContent)[],
  images: ExportImages,
): Block[] {
  return nodes.flatMap((node) => block(node, images));
}

/** The PDF document definition of an export's syntax tree. */
export function pdfDefinition(tree: Root, title: string, images: ExportImages = NO_IMAGES) {
  return {
    info: { title, creator: "Nexus", producer: "Nexus" },
    pageSize: "A4",
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { font: "Roboto", fontSize: 10, lineHeight: 1.25 },
    content: blocks(tree.children as (BlockContent | DefinitionContent)[], images),
    images: imageDictionary(images),
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: "center",
      fontSize: 8,
      color: "#71717a",
    }),
  };
}

/** The PDF of an export's Markdown pieces. */
export async function exportPdf(
  chunks: readonly string[],
  title: string,
  images: ExportImages = NO_IMAGES,
): Promise<Buffer> {
  configure();
  const drawable = drawableInPdf(images, images.gifNote ?? EXPORT_WORDS.en.imageNotes.gifInPdf);
  const definition = pdfDefinition(await exportAstOf(chunks), title, drawable);
  return pdfmake.createPdf(definition).getBuffer();
}
