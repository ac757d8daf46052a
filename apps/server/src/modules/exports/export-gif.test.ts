import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { drawableInPdf, GIF_MAX_PIXELS, gifFirstFrameAsPng } from "./export-gif.ts";
import { GIF_COLOURS, tinyGif } from "./exports-test-kit.ts";

const [RED, GREEN, BLUE] = GIF_COLOURS;

/**
 * A GIF in a PDF export (export-gif.ts): its first frame becomes a PNG whose pixels — read back
 * by another decoder (Skia, through @napi-rs/canvas) — are the GIF's, its transparent pixel
 * transparent; a GIF that cannot be read, or is too large, stays a link with the export's note.
 */

async function pixelsOf(png: Uint8Array, width: number, height: number) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.drawImage(await loadImage(Buffer.from(png)), 0, 0);
  return Array.from(context.getImageData(0, 0, width, height).data);
}

describe("a GIF for a PDF", () => {
  it("is its first frame as a PNG, transparency kept", async () => {
    const png = gifFirstFrameAsPng(tinyGif());
    if (!png) throw new Error("the GIF was not converted");
    expect(png).toMatchObject({ type: "png", width: 3, height: 2 });
    expect(Buffer.from(png.bytes.subarray(1, 4)).toString("latin1")).toBe("PNG");
    const opaque = (rgb: readonly number[] = []) => [...rgb, 255];
    expect(await pixelsOf(png.bytes, 3, 2)).toEqual([
      ...opaque(RED),
      ...opaque(GREEN),
      ...opaque(BLUE),
      ...opaque(BLUE),
      ...[0, 0, 0, 0],
      ...opaque(RED),
    ]);
  });

  it("stays a link with the export's note when it cannot be read or is too large", () => {
    const broken = tinyGif().slice(0, 20);
    const huge = tinyGif();
    // The logical screen's size in the header: 4,097 × 4,096 pixels.
    new DataView(huge.buffer).setUint16(6, 4097, true);
    new DataView(huge.buffer).setUint16(8, 4096, true);
    expect(4097 * 4096).toBeGreaterThan(GIF_MAX_PIXELS);
    expect(gifFirstFrameAsPng(broken)).toBeNull();
    expect(gifFirstFrameAsPng(huge)).toBeNull();

    const gif = (bytes: Uint8Array) => ({ type: "gif" as const, bytes, width: 3, height: 2 });
    const drawable = drawableInPdf(
      {
        embed: { "a.gif": gif(tinyGif()), "b.gif": gif(broken), "c.gif": gif(huge) },
        notes: { "d.webp": "kept" },
      },
      "note: not drawn",
    );
    expect(Object.keys(drawable.embed)).toEqual(["a.gif"]);
    expect(drawable.embed["a.gif"]?.type).toBe("png");
    expect(drawable.notes).toEqual({
      "d.webp": "kept",
      "b.gif": "note: not drawn",
      "c.gif": "note: not drawn",
    });
  });
});
