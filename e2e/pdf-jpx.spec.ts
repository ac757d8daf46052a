import fs from "node:fs";
import path from "node:path";
import { uploadReadyBytes } from "./support/documents.ts";
import { expect as baseExpect, signInViaApi, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Every image codec pdf.js supports renders (issue 41, scope 3): a PDF whose image is JPEG 2000
 * (JPXDecode) paints its pixels, because pdf.js's decoders (wasm/: OpenJPEG and its JavaScript
 * fallback) are served from our origin and named in the viewer's `wasmUrl`. Before, the page was
 * blank. The fixture is ours (e2e/fixtures/README.md): a red and blue checkerboard.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const FIXTURE = path.join(REPO_ROOT, "e2e/fixtures/jpx-checkerboard.pdf");

test.beforeEach(async ({ context, baseURL }) => {
  await stubExternalHosts(context, baseURL ?? "");
});

test("a JPEG 2000 image in a PDF renders its pixels", async ({ newContext, uniqueEmail }) => {
  test.setTimeout(120_000);
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await signInViaApi(context, uniqueEmail("pdf-jpx"));
  const id = await uploadReadyBytes(
    context.request,
    "jpx-checkerboard.pdf",
    fs.readFileSync(FIXTURE),
    "application/pdf",
  );
  const page = await context.newPage();
  await page.goto(`/app/document-chat/${id}`);
  const canvas = page.getByTestId("pdf-viewer").locator('[data-page="1"] canvas').first();
  await expect(canvas).toBeVisible();
  // Red and blue squares, not a blank page: count strongly coloured pixels of the canvas.
  await expect
    .poll(
      () =>
        canvas.evaluate((el) => {
          // A canvas (e2e has no DOM types).
          const c = el as unknown as {
            width: number;
            height: number;
            getContext(kind: "2d"): {
              getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
            } | null;
          };
          const data = c.getContext("2d")?.getImageData(0, 0, c.width, c.height).data;
          let red = 0;
          let blue = 0;
          for (let i = 0; data && i < data.length; i += 4) {
            const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
            if (r > 150 && g < 90 && b < 90) red++;
            if (b > 150 && r < 90 && g < 120) blue++;
          }
          return Math.min(red, blue);
        }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(1000);
  await context.close();
});
