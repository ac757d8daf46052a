import type { NexdocsImage } from "@nexus/contracts";
import { postBytes } from "./post-bytes.ts";

/**
 * POST /api/nexdocs/:id/images: the image's bytes as the body (the server types it from its
 * magic bytes and refuses SVG, other files and images over its limit, each with a clear message).
 */
export function uploadImage(documentId: string, file: Blob): Promise<NexdocsImage> {
  return postBytes(`/nexdocs/${encodeURIComponent(documentId)}/images`, file);
}
