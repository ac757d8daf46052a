import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { createWorker, OEM } from "tesseract.js";

/**
 * Offline OCR for PDF pages without a text layer: the page is rendered by pdf.js onto an
 * @napi-rs/canvas canvas (~300 dpi, at most MAX_SIDE pixels a side) and read by tesseract.js with
 * the English data shipped by @tesseract.js-data/eng. Everything is local: `langPath` is that
 * package's folder (a path, not a URL, so tesseract reads it from disk), the core and the worker
 * script load from node_modules, and the unpacked data is not cached anywhere (cacheMethod none).
 */

export const OCR_WARNING = "Scanned pages were read with OCR; check the text";

/**
 * OCR per file is capped (pages and seconds; env OCR_MAX_PAGES / OCR_MAX_SECONDS through the
 * ingestion's limits): a 2,000-page scan must not hold an ingestion slot until the time-out.
 */
export const OCR_MAX_PAGES = 50;
export const OCR_MAX_SECONDS = 120;

/** The warning of a file whose scanned pages were not all read: says exactly what was. */
export function ocrCapWarning(read: number, scanned: number): string {
  const n = (value: number) => value.toLocaleString("en-US");
  return `Scanned pages were read with OCR: ${n(read)} of ${n(scanned)}; the others were not read`;
}

const require = createRequire(import.meta.url);
const DPI = 300;
/** The OCR canvas's longest side in pixels (pdf.ts caps pdf.js's canvases to the same area). */
export const MAX_SIDE = 2500;

/** The local folder holding eng.traineddata.gz. */
export function englishDataPath(): string {
  const data = require("@tesseract.js-data/eng") as { langPath: string };
  const file = path.join(data.langPath, "eng.traineddata.gz");
  if (!path.isAbsolute(data.langPath) || !fs.existsSync(file))
    throw new Error(`OCR data missing: ${file}`);
  return data.langPath;
}

/** A recognised word: its text and its box as fractions of the page (0–1, from the top left). */
export interface OcrWord {
  text: string;
  box: [x0: number, y0: number, x1: number, y1: number];
}

export interface PageOcr {
  read: (page: PDFPageProxy) => Promise<{ text: string; words: OcrWord[] }>;
  close: () => Promise<void>;
}

/**
 * Each word's [start, end) in `text` and its box (DocumentPage.boxes): the words are found in
 * order, so a word the text does not hold (tesseract's text and words disagree) is left out.
 */
export function wordBoxes(
  text: string,
  words: readonly OcrWord[],
): Array<[number, number, number, number, number, number]> {
  const boxes: Array<[number, number, number, number, number, number]> = [];
  let at = 0;
  for (const word of words) {
    const needle = word.text.trim();
    if (!needle) continue;
    const start = text.indexOf(needle, at);
    if (start < 0) continue;
    at = start + needle.length;
    const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;
    boxes.push([start, at, ...(word.box.map(round) as [number, number, number, number])]);
  }
  return boxes;
}

export async function renderPage(page: PDFPageProxy): Promise<Buffer> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(DPI / 72, MAX_SIDE / Math.max(base.width, base.height, 1));
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  // pdf.js types its canvas as the DOM's; @napi-rs/canvas implements the 2D API it uses.
  type RenderParameters = Parameters<PDFPageProxy["render"]>[0];
  await page.render({
    canvas: canvas as unknown as RenderParameters["canvas"],
    canvasContext: context as unknown as RenderParameters["canvasContext"],
    viewport,
  }).promise;
  return canvas.toBuffer("image/png");
}

export async function createPageOcr(): Promise<PageOcr> {
  const cachePath = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-ocr-"));
  const worker = await createWorker("eng", OEM.LSTM_ONLY, {
    langPath: englishDataPath(),
    gzip: true,
    cachePath,
    cacheMethod: "none",
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  return {
    read: async (page) => {
      const png = await renderPage(page);
      const result = await worker.recognize(png, {}, { text: true, blocks: true });
      // The rendered image's size: the boxes become fractions of the page.
      const width = png.readUInt32BE(16);
      const height = png.readUInt32BE(20);
      const words: OcrWord[] = [];
      for (const block of result.data.blocks ?? [])
        for (const paragraph of block.paragraphs)
          for (const line of paragraph.lines)
            for (const word of line.words)
              words.push({
                text: word.text,
                box: [
                  word.bbox.x0 / width,
                  word.bbox.y0 / height,
                  word.bbox.x1 / width,
                  word.bbox.y1 / height,
                ],
              });
      return { text: result.data.text, words };
    },
    close: async () => {
      await worker.terminate();
      fs.rmSync(cachePath, { recursive: true, force: true });
    },
  };
}
