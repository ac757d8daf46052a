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
 * The PDF viewer as a desktop reader (issue 41, scope 3–4): find counts every match across pages
 * ("1 of N"), steps through them with Enter and Shift+Enter and draws the current one in its own
 * colour; Ctrl+F in the viewer focuses find; fit page and fit width; a PDF without an outline says
 * so. On a phone the toolbar is one row and find opens from its icon. Screenshots light and dark.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

async function openViewer(context: BrowserContext, phone = false): Promise<Page> {
  const id = await uploadReadyDocument(context.request, "tracemonkey.pdf", "application/pdf");
  const page = await context.newPage();
  await page.goto(`/app/document-chat/${id}`);
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${id}/[^/?#]+`));
  // On a phone the document and the chat are tabs.
  if (phone) await page.getByRole("tab", { name: "Document" }).click();
  await expect(page.getByTestId("pdf-viewer").locator('[data-page="1"] canvas')).toBeVisible();
  return page;
}

const countOf = async (page: Page) => {
  const text = (await page.getByTestId("find-count").first().textContent()) ?? "";
  const match = /^(\d+) of (\d+)$/.exec(text.trim());
  return match ? { at: Number(match[1]), of: Number(match[2]) } : null;
};

for (const mode of ["light", "dark"] as const) {
  if (!inModeMatrix(mode, "pdf-find")) continue;
  test(`find counts and steps through every match; Ctrl+F, fit page, no outline (${mode})`, async ({
    newContext,
    baseURL,
    uniqueEmail,
  }) => {
    test.setTimeout(180_000);
    const context = await newContext({
      viewport: { width: 1366, height: 800 },
      colorScheme: mode,
      deviceScaleFactor: 1,
    });
    await stubExternalHosts(context, baseURL ?? "");
    await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
    await signInViaApi(context, uniqueEmail(`find-${mode}`));
    const page = await openViewer(context);
    const viewer = page.getByTestId("pdf-viewer");

    // Ctrl+F with the focus in the pages focuses the viewer's find box, not the browser's.
    await viewer.getByTestId("pdf-pages").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Control+f");
    const input = viewer.getByRole("searchbox", { name: "Find in document" });
    await expect(input).toBeFocused();

    await input.fill("trace");
    await input.press("Enter");
    await expect(viewer.getByTestId("find-count")).toHaveText(/^1 of \d+$/);
    const first = await countOf(page);
    expect(first?.of ?? 0, "matches of 'trace' in tracemonkey.pdf").toBeGreaterThan(10);
    const current = viewer.locator("mark.doc-highlight-current");
    await expect(current.first()).toBeVisible();
    const firstPage = await current
      .first()
      .evaluate((el) => Number(el.closest("[data-page]")?.getAttribute("data-page")));
    // Every match on a drawn page is marked, not only the current one.
    expect(
      await viewer.locator(`[data-page="${firstPage}"] mark.doc-highlight`).count(),
    ).toBeGreaterThan(0);

    await input.press("Enter");
    await expect(viewer.getByTestId("find-count")).toHaveText(`2 of ${first?.of}`);
    await input.press("Shift+Enter");
    await expect(viewer.getByTestId("find-count")).toHaveText(`1 of ${first?.of}`);
    await viewer.getByRole("button", { name: "Previous match" }).click();
    // Back from the first match goes round to the last one, pages away.
    await expect(viewer.getByTestId("find-count")).toHaveText(`${first?.of} of ${first?.of}`);
    await expect(current.first()).toBeInViewport();
    const lastPage = await current
      .first()
      .evaluate((el) => Number(el.closest("[data-page]")?.getAttribute("data-page")));
    expect(lastPage).toBeGreaterThan(firstPage);

    await input.fill("no such words anywhere");
    await input.press("Enter");
    await expect(viewer.getByTestId("find-count")).toHaveText("No matches");
    await expect(viewer.locator("mark.doc-highlight")).toHaveCount(0);

    // Fit page: a whole page in view; fit width: back to 100 %.
    await viewer.getByRole("button", { name: "Fit page" }).click();
    await expect(viewer.getByText("100%")).toHaveCount(0);
    const box = await viewer.locator(`[data-page="${lastPage}"]`).boundingBox();
    const pane = await viewer.getByTestId("pdf-pages").boundingBox();
    expect(box && pane ? box.height <= pane.height : false, "a page fits the pane").toBe(true);
    await viewer.getByRole("button", { name: "Fit width" }).click();
    await expect(viewer.getByText("100%")).toBeVisible();

    // tracemonkey.pdf has no outline: the panel says so instead of closing silently.
    await viewer.getByRole("button", { name: "Outline" }).click();
    await expect(viewer.getByText("No outline in this document")).toBeVisible();

    fs.mkdirSync(SHOTS, { recursive: true });
    // A new search starts from the page in view (the last one here), not from the first page.
    await input.fill("trace");
    await input.press("Enter");
    await expect(viewer.getByTestId("find-count")).toHaveText(/^\d+ of \d+$/);
    expect((await countOf(page))?.at ?? 0).toBeGreaterThan(1);
    await fontsReady(page);
    await page.screenshot({ path: path.join(SHOTS, `pdf-find-${mode}-desktop.png`) });
    await context.close();
  });
}

test("on a phone the viewer's toolbar is one row and find opens from its icon", async ({
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
  await signInViaApi(context, uniqueEmail("find-phone"));
  const page = await openViewer(context, true);
  const viewer = page.getByTestId("pdf-viewer");
  const toolbar = viewer.locator("> div").first();
  const height = (await toolbar.boundingBox())?.height ?? 0;
  expect(height, "toolbar height on a phone").toBeLessThan(56);
  await expect(viewer.getByRole("searchbox", { name: "Find in document" })).toHaveCount(0);
  await viewer.getByRole("button", { name: "Find", exact: true }).click();
  const input = viewer.getByRole("searchbox", { name: "Find in document" });
  await expect(input).toBeFocused();
  await input.fill("trace");
  await input.press("Enter");
  await expect(viewer.getByTestId("find-count").last()).toHaveText(/^1 of \d+$/);
  await expect(viewer.locator("mark.doc-highlight-current").first()).toBeVisible();
  fs.mkdirSync(SHOTS, { recursive: true });
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "pdf-find-dark-phone.png") });
  await context.close();
});
