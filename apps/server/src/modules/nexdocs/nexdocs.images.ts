import {
  NEXDOCS_IMAGE_COUNT_MESSAGE,
  NEXDOCS_IMAGE_LIMITS,
  NEXDOCS_IMAGE_TOO_LARGE_MESSAGE,
  NEXDOCS_IMAGE_TYPE_MESSAGE,
  type NexdocsImage,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { sniffImageType } from "../../lib/image-type.ts";
import * as repo from "./nexdocs.repo.ts";
import * as imagesRepo from "./nexdocs-images.repo.ts";

/**
 * Images of NexDocs documents (issue 40): uploaded or pasted into a document of the caller's,
 * typed from their magic bytes (PNG, JPEG, GIF, WebP: never SVG, HTML or anything that can hold
 * script), at most NEXDOCS_IMAGE_LIMITS.bytes each and perDocument per document, kept with the
 * document (deleted with it). Read back by the owner (GET /api/nexdocs/:id/images/:imageId) and,
 * while the document has a live link, on its share page (the shares module asks imageOf).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

const ALLOWED: ReadonlySet<string> = new Set(NEXDOCS_IMAGE_LIMITS.types);

function notFound(): AppError {
  return new AppError("not_found", "This image does not exist or is not yours.");
}

export function imageSrc(documentId: string, imageId: string): string {
  return `/api/nexdocs/${documentId}/images/${imageId}`;
}

export async function addImage(
  deps: Deps,
  user: SessionUser,
  options: { documentId: string; body: Uint8Array },
): Promise<NexdocsImage> {
  const { documentId, body } = options;
  if (!UUID.test(documentId) || !(await repo.find(deps.db, user.id, documentId)))
    throw new AppError("not_found", "This document does not exist or is not yours.");
  if (body.byteLength > NEXDOCS_IMAGE_LIMITS.bytes)
    throw new AppError("payload_too_large", NEXDOCS_IMAGE_TOO_LARGE_MESSAGE);
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const type = sniffImageType(bytes);
  if (!type || !ALLOWED.has(type))
    throw new AppError("unsupported_media_type", NEXDOCS_IMAGE_TYPE_MESSAGE);
  if ((await imagesRepo.countImages(deps.db, documentId)) >= NEXDOCS_IMAGE_LIMITS.perDocument)
    throw new AppError("bad_request", NEXDOCS_IMAGE_COUNT_MESSAGE);
  const { id } = await imagesRepo.insertImage(deps.db, {
    userId: user.id,
    documentId,
    contentType: type,
    bytes: Buffer.from(bytes),
  });
  return { id, src: imageSrc(documentId, id) };
}

/** An image of a document, whoever asks (the caller decided they may see it), or undefined. */
export async function imageOf(
  deps: Deps,
  options: { documentId: string; imageId: string },
): Promise<StoredImage | undefined> {
  if (!UUID.test(options.documentId) || !UUID.test(options.imageId)) return undefined;
  return imagesRepo.findImage(deps.db, options);
}

/** One of the owner's images (another person's and a missing one: the same 404). */
export async function ownImage(
  deps: Deps,
  user: SessionUser,
  options: { documentId: string; imageId: string },
): Promise<StoredImage> {
  if (!UUID.test(options.documentId) || !(await repo.find(deps.db, user.id, options.documentId)))
    throw notFound();
  const image = await imageOf(deps, options);
  if (!image) throw notFound();
  return image;
}

/** Headers of every image response: its sniffed type, never sniffed again, never a page. */
export function imageHeaders(image: StoredImage, cache: string): Record<string, string> {
  return {
    "content-type": image.contentType,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": cache,
  };
}
