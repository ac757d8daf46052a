import type { DocumentInfo, DocumentPassage, DocumentText } from "@nexus/contracts";
import { apiRequest } from "@/lib/api-client.ts";
import { earlyPaths, takeArrived, takeEarly } from "@/lib/early-requests.ts";

const seg = encodeURIComponent;

export const documentKeys = {
  all: ["documents"] as const,
  info: (id: string) => [...documentKeys.all, "info", id] as const,
  text: (id: string) => [...documentKeys.all, "text", id] as const,
  passage: (id: string, ordinal: number) => [...documentKeys.all, "passage", id, ordinal] as const,
};

/**
 * GET /api/documents/:id: the caller's document (404 for any other). Its first ask takes the
 * request main.tsx started as the page loaded, if any (lib/early-requests.ts).
 */
export function getDocument(id: string, signal?: AbortSignal): Promise<DocumentInfo> {
  const path = earlyPaths.document(id);
  return takeEarly<DocumentInfo>(path) ?? apiRequest<DocumentInfo>(path, signal ? { signal } : {});
}

/** The document's info if the early request has brought it already (a query's first data). */
export const arrivedDocument = (id: string) => takeArrived<DocumentInfo>(earlyPaths.document(id));

/** GET /api/documents/:id/text: its text per page with its passages (the text viewer's). */
export function getDocumentText(id: string, signal?: AbortSignal): Promise<DocumentText> {
  return apiRequest<DocumentText>(`/documents/${seg(id)}/text`, signal ? { signal } : {});
}

/** GET /api/documents/:id/passages/:ordinal: where one passage is (a `?chunk=` link). */
export function getPassage(
  id: string,
  ordinal: number,
  signal?: AbortSignal,
): Promise<DocumentPassage & { text: string; label: string }> {
  return apiRequest(`/documents/${seg(id)}/passages/${ordinal}`, signal ? { signal } : {});
}

/** The URL pdf.js reads the PDF from (ranges, the owner's cookie). */
export const documentContentUrl = (id: string) => `/api/documents/${seg(id)}/content`;
