import { API_BASE_URL } from "@/config/env.ts";
import { apiRequest } from "@/lib/api-client.ts";

const seg = encodeURIComponent;

export const documentChatKeys = {
  all: ["document-chat"] as const,
  passage: (documentId: string, ordinal: number) =>
    [...documentChatKeys.all, "passage", documentId, ordinal] as const,
};

/** POST here: the document chat (documentChatRequestSchema). */
export const documentChatUrl = (documentId: string) =>
  `${API_BASE_URL}/documents/${seg(documentId)}/chat`;

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
