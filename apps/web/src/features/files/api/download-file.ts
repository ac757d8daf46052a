import { API_BASE_URL } from "@/config/env.ts";

/** GET /api/files/:id/download: the stored file as an attachment (a plain link downloads it). */
export function downloadFileHref(fileId: string): string {
  return `${API_BASE_URL}/files/${encodeURIComponent(fileId)}/download`;
}
