import fs from "node:fs";
import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { BrowserContext, Page } from "@playwright/test";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { uploadReadyDocument } from "./support/documents.ts";
import { inModeMatrix } from "./support/env.ts";
import { expect as baseExpect, signInViaApi, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * The PDF viewer's page thumbnails: a toolbar toggle opens a strip of small pages that render only
 * near the strip's view; a thumbnail (a button "Page N", by mouse or keyboard) goes to its page and
 * the current page's thumbnail is marked. On a phone the strip overlays the page and closes once a
 * page is chosen. Screenshots light and dark, desktop and phone.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

/** Uploads a fixture PDF (tracemonkey.pdf: 14 pages) through the API, waits until it is read; its id. */
const uploadPdf = (context: BrowserContext, name = "tracemonkey.pdf") =>
  uploadReadyDocument(context.request, name, "application/pdf");

async function openViewer(context: BrowserContext, id: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/app/document-chat/${id}`);
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${id}/[^/?#]+`));
  return page;
}

for (const mode of ["light", "dark"] as const) {
  if (!inModeMatrix(mode, "pdf-viewer-thumbnails")) continue;
  test(`thumbnails render lazily and go to their page (${mode}, desktop)`, async ({
    newContext,
    baseURL,
    uniqueEmail,
  }) => {
    test.setTimeout(180_000);
    const context = await newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: mode,
      deviceScaleFactor: 1,
    });
    await stubExternalHosts(context, baseURL ?? "");
    await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
    await signInViaApi(context, uniqueEmail(`thumbs-${mode}`));
    const page = await openViewer(context, await uploadPdf(context));
    const viewer = page.getByTestId("pdf-viewer");
    await expect(viewer.locator('[data-page="1"] canvas')).toBeVisible();
    await expect(page.getByTestId("pdf-thumbnails")).toHaveCount(0);

    const toggle = viewer.getByRole("button", { name: "Thumbnails" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const strip = page.getByTestId("pdf-thumbnails");
    const thumb = (n: number) => strip.getByRole("button", { name: `Page ${n}`, exact: true });
    await expect(strip.getByRole("button")).toHaveCount(14);
    await expect(thumb(1).locator("canvas")).toBeVisible();
    await expect(thumb(1)).toHaveAttribute("aria-current", "page");
    // Only the thumbnails near the strip's view render; the last pages are placeholders.
    const drawn = await strip.locator("canvas").count();
    expect(drawn, "thumbnail canvases at first").toBeGreaterThan(0);
    expect(drawn, "thumbnail canvases at first").toBeLessThan(14);
    await expect(thumb(14).locator("canvas")).toHaveCount(0);

    await thumb(5).click();
    await expect(viewer.getByLabel("Page number")).toHaveValue("5");
    await expect(viewer.locator('[data-page="5"]')).toBeInViewport({ ratio: 0.5 });
    await expect(viewer.locator('[data-page="5"] canvas')).toBeVisible();
    await expect(thumb(5)).toHaveAttribute("aria-current", "page");
    await expect(thumb(1)).not.toHaveAttribute("aria-current", "page");

    // Keyboard: a thumbnail is a button reached by Tab and pressed with Enter.
    await thumb(5).focus();
    await page.keyboard.press("Tab");
    await expect(thumb(6)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(viewer.getByLabel("Page number")).toHaveValue("6");
    await expect(thumb(6)).toHaveAttribute("aria-current", "page");

    // Scrolling the strip to its end draws the last thumbnails and drops the first ones.
    await thumb(14).scrollIntoViewIfNeeded();
    await expect(thumb(14).locator("canvas")).toBeVisible();
    await expect(thumb(1).locator("canvas")).toHaveCount(0);
    await thumb(10).click();
    await expect(viewer.getByLabel("Page number")).toHaveValue("10");
    await expect(viewer.locator('[data-page="10"] .textLayer span').first()).toBeVisible();
    await expect(thumb(9).locator("canvas")).toBeVisible();

    fs.mkdirSync(SHOTS, { recursive: true });
    await fontsReady(page);
    await page.screenshot({
      path: path.join(SHOTS, `pdf-thumbnails-${mode}-desktop.png`),
      animations: "disabled",
    });
    await toggle.click();
    await expect(strip).toHaveCount(0);

    // Zooming keeps the current page at the top (the pages grow around it).
    await viewer.getByRole("button", { name: "Zoom in" }).click();
    await expect(viewer.getByText("125%")).toBeVisible();
    await expect(viewer.locator('[data-page="10"] canvas')).toBeVisible();
    await expect(viewer.getByLabel("Page number")).toHaveValue("10");
    await expect(viewer.locator('[data-page="10"]')).toBeInViewport({ ratio: 0.5 });
    await context.close();
  });
}

test("on a phone the thumbnails overlay the page and close once a page is chosen", async ({
  newContext,
  baseURL,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  const context = await newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    colorScheme: "dark",
    deviceScaleFactor: 1,
  });
  await stubExternalHosts(context, baseURL ?? "");
  await presetLocalStorage(context, { [STORAGE_KEYS.mode]: "dark" });
  await signInViaApi(context, uniqueEmail("thumbs-phone"));
  const page = await openViewer(context, await uploadPdf(context));
  await page.getByRole("tab", { name: "Document" }).click();
  const viewer = page.getByTestId("pdf-viewer");
  await expect(viewer.locator('[data-page="1"] canvas')).toBeVisible();
  await expect(page.getByTestId("pdf-thumbnails")).toHaveCount(0);

  await viewer.getByRole("button", { name: "Thumbnails" }).click();
  const strip = page.getByTestId("pdf-thumbnails");
  await expect(
    strip.getByRole("button", { name: "Page 1", exact: true }).locator("canvas"),
  ).toBeVisible();
  // It overlays the pages (positioned over them) rather than narrowing them.
  const pages = await viewer.getByTestId("pdf-pages").boundingBox();
  const box = await strip.boundingBox();
  if (!pages || !box) throw new Error("no boxes");
  expect(box.x + box.width, "the strip lies over the pages").toBeGreaterThan(pages.x + 40);
  expect(pages.width, "the pages keep the full width").toBeGreaterThan(300);
  await expect(strip).toHaveCSS("position", "absolute");
  await fontsReady(page);
  await page.screenshot({
    path: path.join(SHOTS, "pdf-thumbnails-dark-phone.png"),
    animations: "disabled",
  });

  await strip.getByRole("button", { name: "Page 3", exact: true }).click();
  await expect(strip).toHaveCount(0);
  await expect(viewer.getByLabel("Page number")).toHaveValue("3");
  await expect(viewer.locator('[data-page="3"]')).toBeInViewport({ ratio: 0.3 });
  const overflow = Number(
    await page.evaluate(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    ),
  );
  expect(overflow, "no sideways scrolling").toBe(0);
  await context.close();
});

test("a citation link opened with the PDF lands on its page, marked (page sizes settle after it)", async ({
  newContext,
  baseURL,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await stubExternalHosts(context, baseURL ?? "");
  await signInViaApi(context, uniqueEmail("thumbs-cited"));
  const id = await uploadPdf(context);
  const text = (await (await context.request.get(`/api/documents/${id}/text`)).json()) as {
    pages: { page: number; passages: { ordinal: number }[] }[];
  };
  const ordinal = text.pages.find((p) => p.page === 12)?.passages[0]?.ordinal;
  expect(ordinal, "a passage on page 12").toBeDefined();
  const page = await context.newPage();
  await page.goto(`/app/document-chat/${id}?chunk=${ordinal}&page=12`);
  const viewer = page.getByTestId("pdf-viewer");
  const mark = viewer.locator('[data-page="12"] .textLayer mark.doc-highlight').first();
  await expect(mark).toBeInViewport();
  await expect(viewer.getByLabel("Page number")).toHaveValue("12");
  // The worker started once the early document info said PDF is the viewer's own: one.
  expect(page.workers()).toHaveLength(1);

  // Away and back past the marked page: its text layer is drawn again, the reader stays put.
  const input = viewer.getByLabel("Page number");
  await input.fill("1");
  await input.press("Enter");
  await expect(viewer.locator('[data-page="12"] .textLayer')).toHaveCount(0);
  await viewer.getByLabel("Page number").fill("13");
  await viewer.getByLabel("Page number").press("Enter");
  await expect(
    viewer.locator('[data-page="12"] .textLayer mark.doc-highlight').first(),
  ).toBeAttached();
  await expect(viewer.locator('[data-page="13"] .textLayer span').first()).toBeVisible();
  await expect(viewer.getByLabel("Page number")).toHaveValue("13");
  await expect(viewer.locator('[data-page="13"]')).toBeInViewport({ ratio: 0.5 });
  await context.close();
});

test("the viewer's shared pdf.js worker serves the next PDF and the previous one again", async ({
  newContext,
  baseURL,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await stubExternalHosts(context, baseURL ?? "");
  await signInViaApi(context, uniqueEmail("viewer-worker"));
  const first = await uploadPdf(context);
  await uploadPdf(context, "pdkids.pdf");
  const page = await openViewer(context, first);
  const viewer = page.getByTestId("pdf-viewer");
  await expect(viewer.locator('[data-page="1"] canvas')).toBeVisible();
  await expect(viewer.getByText("of 14")).toBeVisible();
  // Client-side navigation (the same tab, the same worker): Files → the other PDF's chat.
  await page.getByRole("link", { name: "Files", exact: true }).click();
  await page.getByRole("link", { name: "Chat with pdkids.pdf" }).click();
  await expect(viewer.getByText("of 55")).toBeVisible();
  await expect(viewer.locator('[data-page="1"] .textLayer span').first()).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(viewer.getByText("of 14")).toBeVisible();
  await expect(viewer.locator('[data-page="1"] .textLayer span').first()).toBeVisible();
  await expect(viewer.getByRole("alert")).toHaveCount(0);
  await context.close();
});

test("a pdf-chat address opened cold starts one pdf.js worker, which the viewer uses; for no one signed in it stops", async ({
  newContext,
  baseURL,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await stubExternalHosts(context, baseURL ?? "");
  await signInViaApi(context, uniqueEmail("viewer-early-worker"));
  const id = await uploadPdf(context);
  const address = new URL((await openViewer(context, id)).url()).pathname;

  // Opened cold (a new tab, as a link or a reload would): main.tsx starts the worker as the page
  // loads, and the viewer hands that same worker to pdf.js (a second one would be a wasted 1 MB).
  // The document and its thread (the one thread API) are asked for beside GET /api/me, and once:
  // the screen takes them.
  const page = await context.newPage();
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(me|documents\/[^/]+|threads\/[^/]+)$/.test(pathname)) asked.push(pathname);
  });
  await page.goto(address);
  const viewer = page.getByTestId("pdf-viewer");
  await expect(viewer.locator('[data-page="1"] .textLayer span').first()).toBeVisible();
  await expect(viewer.getByText("of 14")).toBeVisible();
  await expect(page.getByTestId("document-composer")).toBeVisible();
  expect(page.workers()).toHaveLength(1);
  const threadId = address.split("/").pop() ?? "";
  expect([...asked].sort()).toEqual(
    ["/api/me", `/api/documents/${id}`, `/api/threads/${threadId}`].sort(),
  );
  await page.close();

  // Someone not signed in is asked to sign in, and the worker started for the PDF stops.
  const stranger = await newContext({ viewport: { width: 1280, height: 800 } });
  await stubExternalHosts(stranger, baseURL ?? "");
  const anonymous = await stranger.newPage();
  await anonymous.goto(address);
  await expect(anonymous.getByRole("heading", { name: /sign in/i }).first()).toBeVisible();
  await expect.poll(() => anonymous.workers().length).toBe(0);
  await expect(anonymous.getByTestId("pdf-viewer")).toHaveCount(0);
  await stranger.close();
  await context.close();
});
