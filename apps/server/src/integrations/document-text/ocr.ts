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

export interface PageOcr {
  read: (page: PDFPageProxy) => Promise<string>;
  close: () => Promise<void>;
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
      const result = await worker.recognize(png);
      return result.data.text;
    },
    close: async () => {
      await worker.terminate();
      fs.rmSync(cachePath, { recursive: true, force: true });
    },
  };
}
