import { type ComponentProps, type ReactNode, useEffect, useState } from "react";
import { loadChunk } from "@/lib/chunk-loading.ts";
import type { PdfViewer } from "./pdf-viewer.tsx";

type Viewer = typeof PdfViewer;

let loaded: Viewer | null = null;
let pending: Promise<Viewer> | null = null;

/**
 * Loads the PDF viewer's chunk (react-pdf, pdf.js; its worker is lib/pdf-worker.ts's), once: with
 * a PDF's screen, or earlier, by main.tsx for a signed-in person opening a pdf-chat address.
 */
export function preloadPdfViewer(): Promise<Viewer> {
  pending ??= loadChunk(() => import("./pdf-viewer.tsx")).then((m) => {
    loaded = m.PdfViewer;
    return loaded;
  });
  // A failed download is tried again by the next screen that asks.
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

/**
 * The PDF viewer once its code is here, `fallback` until then. Not React.lazy: a viewer that
 * suspended would be revealed no sooner than React's 300 ms throttle after its fallback (the
 * first page of a PDF waited on it); a state update shows it as soon as it arrives. A failed
 * download goes to the screen's error boundary, as a lazy component's would.
 */
export function PdfViewerLoader({
  fallback,
  ...props
}: ComponentProps<Viewer> & { fallback: ReactNode }) {
  const [viewer, setViewer] = useState<{ Viewer: Viewer } | null>(() =>
    loaded ? { Viewer: loaded } : null,
  );
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (viewer) return;
    let live = true;
    preloadPdfViewer().then(
      (Viewer) => live && setViewer({ Viewer }),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [viewer]);
  if (failure) throw failure;
  if (!viewer) return fallback;
  return <viewer.Viewer {...props} />;
}
