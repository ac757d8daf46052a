import type { NexdocsImage } from "@nexus/contracts";
import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { ApiError, NETWORK_ERROR_MESSAGE, readErrorBody } from "@/lib/api-client.ts";

/**
 * POST /api/nexdocs/:id/images: the image's bytes as the body (the server types it from its
 * magic bytes and refuses SVG, other files and images over its limit, each with a clear message).
 */
export async function uploadImage(documentId: string, file: Blob): Promise<NexdocsImage> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}/nexdocs/${encodeURIComponent(documentId)}/images`, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "content-type": "application/octet-stream",
        [ANON_ID_HEADER_NAME]: getAnonId(),
      },
      body: file,
    });
  } catch {
    throw new ApiError({ status: 0, code: "network", message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) {
    const { code, message } = await readErrorBody(response);
    throw new ApiError({ status: response.status, code, message });
  }
  return (await response.json()) as NexdocsImage;
}
