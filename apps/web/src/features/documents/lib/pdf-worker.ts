import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

export { workerUrl as pdfWorkerUrl };

let worker: Worker | null = null;
let taken = false;

/**
 * The tab's one pdf.js worker, started on the first call: by main.tsx as a pdf-chat address starts
 * to load (the 1 MB worker script is fetched and compiled on its own thread while the app's code and
 * data arrive), or else by the viewer as it loads. The viewer hands it to pdf.js as a port
 * (`new PDFWorker({ port })`, pdf.js's own way to use a worker the page made); pdf.js queues its
 * messages until the worker is up. Null where there are no workers.
 */
export function pdfWorker(): Worker | null {
  if (worker === null && typeof Worker !== "undefined")
    worker = new Worker(workerUrl, { type: "module" });
  return worker;
}

/** The viewer's: the worker, from now on kept for the tab's PDFs. */
export function takePdfWorker(): Worker | null {
  taken = true;
  return pdfWorker();
}

/** Ends a worker started early that no viewer took (no one is signed in to see the PDF). */
export function stopUnusedPdfWorker(): void {
  if (taken || worker === null) return;
  worker.terminate();
  worker = null;
}
