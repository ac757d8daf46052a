import { createRequire } from "node:module";
import path from "node:path";
import { type PdfTextItem, pageTextFromItems } from "@nexus/contracts/pdf-page-text";
import {
  getDocument,
  OPS,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from "pdfjs-dist/legacy/build/pdf.mjs";
import { isRtl, limitPages, limitText, requireText } from "./limits.ts";
import {
  createPageOcr,
  MAX_SIDE,
  OCR_MAX_PAGES,
  OCR_MAX_SECONDS,
  OCR_WARNING,
  ocrCapWarning,
  type PageOcr,
  wordBoxes,
} from "./ocr.ts";
import {
  type DocumentPage,
  type ParsedDocument,
  ParseFailure,
  type ParseOptions,
} from "./types.ts";
import { DAMAGED_MESSAGE } from "./zip.ts";

/**
 * PDF through pdf.js 5 (legacy build, for Node) in this thread: no pdf.js worker (its "fake
 * worker" runs here), `isEvalSupported: false`, no font loading (`disableFontFace`, no system
 * fonts), CMaps and standard fonts read from pdfjs-dist's own folders on disk. Scripts in a PDF
 * never run: pdf.js only runs them through a scripting sandbox that we never create.
 */

export const PASSWORD_MESSAGE = "This PDF is password-protected";
export const WRONG_PASSWORD_MESSAGE = "That password is not right for this PDF";
const PAGE_WARNING = "Some pages could not be read";

/**
 * The largest image pdf.js decodes, in pixels: 50 Mpx (200 MB as RGBA) reads a 600 dpi scan of an
 * A4 or Letter page (~35 Mpx); a bigger one (a 16,000 × 16,000 image is 256 Mpx, 1 GB decoded) is
 * left out of the page, as if it were not there, so it is neither decoded nor OCR'd.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve("pdfjs-dist/package.json"));
const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintSolidColorImageMask,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageMaskXObjectGroup,
]);

/**
 * SASLprep (RFC 4013) as AES-256 PDFs (R6) require: characters "commonly mapped to nothing"
 * (soft hyphen, zero-width…) dropped, other spaces made plain, then NFKC. pdf.js does not do it.
 */
export function saslprep(password: string): string {
  return password
    .replace(
      /\u00ad|\u034f|\u1806|[\u180b-\u180d]|[\u200b-\u200d]|\u2060|[\ufe00-\ufe0f]|\ufeff/g,
      "",
    )
    .replace(/[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g, " ")
    .normalize("NFKC");
}

async function openPdf(options: ParseOptions): Promise<PDFDocumentProxy> {
  const { password } = options;
  if (password !== undefined && saslprep(password) !== password) {
    try {
      return await openWith(options, saslprep(password));
    } catch (error) {
      if (!(error instanceof ParseFailure && error.code === "wrong_password")) throw error;
    }
  }
  return openWith(options, password);
}

async function openWith(options: ParseOptions, password: string | undefined) {
  const task = getDocument({
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    data: options.bytes.slice(),
    password,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    canvasMaxAreaInBytes: MAX_SIDE * MAX_SIDE * 4,
    stopAtErrors: false,
    verbosity: 0,
    cMapUrl: `${path.join(PDFJS_DIR, "cmaps")}/`,
    cMapPacked: true,
    standardFontDataUrl: `${path.join(PDFJS_DIR, "standard_fonts")}/`,
    wasmUrl: `${path.join(PDFJS_DIR, "wasm")}/`,
    iccUrl: `${path.join(PDFJS_DIR, "iccs")}/`,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const e = error as { name?: string; code?: number };
    if (e?.name === "PasswordException") {
      // code 1: a password is needed; 2: the given one is wrong.
      if (e.code === 2 || password)
        throw new ParseFailure("wrong_password", WRONG_PASSWORD_MESSAGE);
      throw new ParseFailure("encrypted", PASSWORD_MESSAGE);
    }
    throw new ParseFailure("damaged", DAMAGED_MESSAGE);
  }
}

async function hasImages(page: PDFPageProxy): Promise<boolean> {
  const list = await page.getOperatorList();
  return list.fnArray.some((fn) => IMAGE_OPS.has(fn));
}

export async function parsePdf(options: ParseOptions): Promise<ParsedDocument> {
  const doc = await openPdf(options);
  let ocr: PageOcr | null = null;
  const warnings = new Set<string>();
  try {
    const count = doc.numPages;
    limitPages(count, options.limits);
    const pages: DocumentPage[] = [];
    let chars = 0;
    // OCR's cap: pages past it (or after its seconds) are counted as scanned but not read.
    const ocrMaxPages = options.limits.ocrMaxPages ?? OCR_MAX_PAGES;
    const ocrMaxMs = (options.limits.ocrMaxSeconds ?? OCR_MAX_SECONDS) * 1000;
    let ocrStarted = 0;
    let ocrRead = 0;
    let scanned = 0;
    for (let number = 1; number <= count; number++) {
      options.onProgress?.({ stage: "parsing", page: number, pages: count });
      let page: PDFPageProxy;
      try {
        page = await doc.getPage(number);
      } catch {
        warnings.add(PAGE_WARNING);
        pages.push({ number, text: "", ocr: false });
        continue;
      }
      try {
        // Raw glyph strings, as the viewer's text layer gets them; pdf-page-text.ts (contracts) applies NFKC per item.
        const content = await page.getTextContent({ disableNormalization: true });
        const items = content.items.filter((i): i is PdfTextItem & typeof i => "str" in i);
        const built = pageTextFromItems(items);
        if (built.text.trim() === "" && options.ocr !== false && (await hasImages(page))) {
          scanned++;
          ocrStarted ||= Date.now();
          if (ocrRead >= ocrMaxPages || Date.now() - ocrStarted >= ocrMaxMs) {
            pages.push({ number, text: "", ocr: false });
          } else {
            ocrRead++;
            options.onProgress?.({ stage: "ocr", page: number, pages: count });
            ocr ??= await createPageOcr();
            const read = await ocr.read(page);
            const text = read.text.trim();
            pages.push({ number, text, ocr: true, boxes: wordBoxes(text, read.words) });
            if (text) warnings.add(OCR_WARNING);
          }
        } else {
          pages.push({ number, text: built.text, ocr: false, items: built.items });
        }
      } catch (error) {
        if (error instanceof ParseFailure) throw error;
        warnings.add(PAGE_WARNING);
        pages.push({ number, text: "", ocr: false });
      } finally {
        page.cleanup();
      }
      chars += pages.at(-1)?.text.length ?? 0;
      if (chars > options.limits.maxChars) limitText(pages, options.limits);
    }
    if (ocrRead < scanned) {
      warnings.delete(OCR_WARNING);
      warnings.add(ocrCapWarning(ocrRead, scanned));
    }
    requireText(pages);
    const info = await doc.getMetadata().catch(() => null);
    const title = (info?.info as { Title?: unknown } | undefined)?.Title;
    return {
      kind: "pdf",
      title: typeof title === "string" && title.trim() ? title.trim() : undefined,
      pages,
      rtl: isRtl(pages.map((p) => p.text).join("\n")),
      warnings: [...warnings],
    };
  } finally {
    await ocr?.close().catch(() => undefined);
    await doc.destroy().catch(() => undefined);
  }
}
