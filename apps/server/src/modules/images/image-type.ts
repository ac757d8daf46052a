import { imageSize } from "image-size";

export { type SniffedImageType as ImageType, sniffImageType } from "../../lib/image-type.ts";

/** Width × height of the largest picture in the file, or null when it cannot be read. */
export function pixelsOf(body: Buffer): number | null {
  try {
    const size = imageSize(body);
    const all = size.images && size.images.length > 0 ? size.images : [size];
    let most = 0;
    for (const image of all) most = Math.max(most, image.width * image.height);
    return Number.isFinite(most) && most > 0 ? most : null;
  } catch {
    return null;
  }
}
