import type { ExportWords, NexdocsNode } from "@nexus/contracts";
import { imageSize } from "image-size";
import type { Deps } from "../../deps.ts";
import {
  type EmbeddedImage,
  EXPORT_IMAGE_BYTES,
  type ExportImages,
} from "../exports/exports.service.ts";
import { IMAGE_SRC } from "./nexdocs.markdown.ts";
import * as imagesRepo from "./nexdocs-images.repo.ts";

/**
 * The images a DOCX or PDF export of a document embeds (issue 40): only the document's own,
 * read by its owner's id, in the order the document shows them, while their bytes together stay
 * within EXPORT_IMAGE_BYTES; past it, and for WebP (neither format draws it, and no decoder in
 * the tree turns it into PNG cheaply), the image stays a link with a note saying why, in the
 * export's words. GIF is embedded in DOCX, and in PDF as its first frame (export-gif.ts).
 */

const TYPES: Record<string, EmbeddedImage["type"]> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
};

/** The ids of the document's own images, in document order, each once. */
export function imageIdsOf(doc: NexdocsNode, out: string[] = []): string[] {
  if (doc.type === "image") {
    const id = IMAGE_SRC.exec(String(doc.attrs?.src ?? ""))?.[2]?.toLowerCase();
    if (id && !out.includes(id)) out.push(id);
  }
  for (const child of doc.content ?? []) imageIdsOf(child, out);
  return out;
}

export async function exportImages(
  deps: Deps,
  options: {
    userId: string;
    documentId: string;
    content: NexdocsNode;
    /** The address the export's Markdown gives an image. */
    address: (imageId: string) => string;
    /** The notes' words, in the export's language. */
    words: ExportWords["imageNotes"];
    cap?: number;
  },
): Promise<ExportImages> {
  const { words } = options;
  const { userId, documentId, address } = options;
  const cap = options.cap ?? EXPORT_IMAGE_BYTES;
  const ids = imageIdsOf(options.content);
  const sizes = new Map(
    (await imagesRepo.imageSizes(deps.db, { userId, documentId, ids })).map((r) => [r.id, r]),
  );
  const images: ExportImages = { embed: {}, notes: {}, gifNote: words.gifInPdf };
  const chosen: string[] = [];
  let total = 0;
  for (const id of ids) {
    const row = sizes.get(id);
    if (!row) continue; // not the document's own: its link stays as it is
    if (!TYPES[row.contentType]) images.notes[address(id)] = words.webp;
    else if (total + row.size > cap)
      images.notes[address(id)] = words.overCap(EXPORT_IMAGE_BYTES / 1024 / 1024);
    else {
      total += row.size;
      chosen.push(id);
    }
  }
  const types = new Map([...sizes].map(([id, row]) => [id, TYPES[row.contentType]]));
  for (const { id, bytes } of await imagesRepo.imageBytes(deps.db, {
    userId,
    documentId,
    ids: chosen,
  })) {
    const type = types.get(id);
    let size: { width?: number | undefined; height?: number | undefined } = {};
    try {
      size = imageSize(bytes);
    } catch {
      // A header image-size cannot read: the image stays a link.
    }
    if (!type || !size.width || !size.height) continue;
    images.embed[address(id)] = { type, bytes, width: size.width, height: size.height };
  }
  return images;
}
