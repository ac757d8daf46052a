import { Readable } from "node:stream";
import { FILE_NOT_VIEWABLE_MESSAGE, isImageFileKind } from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { imageTypeOf } from "../../lib/image-type.ts";
import { ownedFile } from "./files.service.ts";

/** Bytes read before the body is sent, to tell the image's type from its magic bytes. */
const SNIFF_BYTES = 64;

/**
 * `<type>; filename="…"; filename*=UTF-8''…` (ASCII fallback plus the exact name): the download
 * route's attachment and the view route's inline image.
 */
export function contentDisposition(type: "attachment" | "inline", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The body's first bytes, and a stream of the whole body (those bytes first). Destroying the
 * returned stream (a client that went away) ends the stored object's stream too.
 */
async function peek(body: Readable, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator: AsyncIterator<Buffer> = body[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    try {
      yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  const whole = Readable.from(rest(), { objectMode: false });
  // However it ends (sent, or destroyed before it started), the stored object's stream ends too.
  whole.once("close", () => body.destroy());
  return { head, whole };
}

/**
 * GET /api/files/:fileId/view: an image file of the caller shown inline, its Content-Type from
 * its magic bytes (PNG, JPEG, WebP, GIF; never SVG or HTML), sandboxed, privately cached. Another
 * person's (or no) file is the same 404 as on every file route; a file of the caller that is not
 * such an image is refused (415) — the download route gives it as an attachment.
 */
export async function viewImage(options: {
  deps: Deps;
  user: SessionUser;
  fileId: string;
}): Promise<Response> {
  const { deps } = options;
  const row = await ownedFile(deps, options.user, options.fileId);
  if (!isImageFileKind(row.kind))
    throw new AppError("unsupported_media_type", FILE_NOT_VIEWABLE_MESSAGE);
  const { head, whole } = await peek(await deps.storage.get(row.storageKey), SNIFF_BYTES);
  const type = imageTypeOf(head);
  if (!type || type.kind !== row.kind) {
    whole.destroy();
    throw new AppError("unsupported_media_type", FILE_NOT_VIEWABLE_MESSAGE);
  }
  return new Response(Readable.toWeb(whole) as ReadableStream, {
    headers: {
      "Content-Type": type.mediaType,
      "Content-Length": String(row.size),
      "Content-Disposition": contentDisposition("inline", row.name),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
      // The bytes of a file never change (a rename changes its name only); the owner's browser only.
      "Cache-Control": "private, max-age=86400",
    },
  });
}
