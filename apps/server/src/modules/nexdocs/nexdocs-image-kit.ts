import type { Harness } from "../../../test/harness.ts";

/** POST /api/nexdocs/:id/images: an image's bytes for a document, as `cookie` (none: anonymous). */
export function uploadImage(
  h: Harness,
  cookie: string | undefined,
  id: string,
  body: Uint8Array | string,
) {
  return h.app.request(`http://nexus.test/api/nexdocs/${id}/images`, {
    method: "POST",
    headers: { ...(cookie ? { cookie } : {}), "content-type": "application/octet-stream" },
    body,
  });
}
