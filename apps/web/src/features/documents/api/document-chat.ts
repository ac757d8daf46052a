import { API_BASE_URL } from "@/config/env.ts";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { earlyPaths, takeEarly } from "@/lib/early-requests.ts";
import type { DocumentThreadResponse } from "../lib/document-message.ts";

const seg = encodeURIComponent;

export const documentChatKeys = {
  all: ["document-chat"] as const,
  thread: (documentId: string, threadId: string) =>
    [...documentChatKeys.all, "thread", documentId, threadId] as const,
  passage: (documentId: string, ordinal: number) =>
    [...documentChatKeys.all, "passage", documentId, ordinal] as const,
};

/** POST here: the document chat (documentChatRequestSchema). */
export const documentChatUrl = (documentId: string) =>
  `${API_BASE_URL}/documents/${seg(documentId)}/chat`;

/**
 * GET /api/documents/:id/threads/:threadId: the caller's saved thread on this document, oldest
 * turn first. A thread with no saved turn yet is a new one: its 404 reads as no turns. The first
 * ask takes the request main.tsx started as the page loaded, if any.
 */
export async function getDocumentThread(
  documentId: string,
  threadId: string,
  signal?: AbortSignal,
): Promise<DocumentThreadResponse> {
  const path = earlyPaths.documentThread(documentId, threadId);
  try {
    return await (takeEarly<DocumentThreadResponse>(path) ??
      apiRequest<DocumentThreadResponse>(path, signal ? { signal } : {}));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { threadId, turns: [] };
    throw error;
  }
}

/** GET /api/documents/:id/passages/:ordinal: one passage's text (a file citation's preview). */
export async function getDocumentPassage(
  documentId: string,
  ordinal: number,
  signal?: AbortSignal,
): Promise<{ text: string; label?: string }> {
  return apiRequest<{ text: string; label?: string }>(
    `/documents/${seg(documentId)}/passages/${ordinal}`,
    signal ? { signal } : {},
  );
}
