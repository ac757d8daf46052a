import type { MyShare } from "@nexus/contracts";
import { apiRequest } from "@/lib/api-client.ts";

/** POST /api/shares {documentId}: the document's read-only link (its live one when it has one). */
export function shareDocument(documentId: string): Promise<MyShare> {
  return apiRequest<MyShare>("/shares", { method: "POST", body: { documentId } });
}

/** DELETE /api/shares/:shareId: the link stops working (the same 404 as an unknown one). */
export function revokeDocumentShare(shareId: string): Promise<void> {
  return apiRequest<void>(`/shares/${encodeURIComponent(shareId)}`, { method: "DELETE" });
}
