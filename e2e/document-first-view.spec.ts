import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { textPdf } from "../bench/lib/text-pdf.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { uploadReadyBytes } from "./support/documents.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * A new chat over a document arrives with its first view (apps/web/src/app/first-views.tsx): the
 * document's bar, its files and the starters are in the server's HTML, on screen before any script
 * runs; the app then draws the same chat in the same place (no layout shift, no later larger
 * paint: the page's largest contentful paint is its first paint).
 */

const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
/** The app's entry script: answered with nothing, the page shows what the server drew. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;
const INTRO = "Ask about this document, or start with:";
/** The Lighthouse run's document: three pages of text (bench/lighthouse.ts). */
const NAME = "Harbour report <3>.pdf";
const upload = (request: Parameters<typeof uploadReadyBytes>[0]) =>
  uploadReadyBytes(request, NAME, textPdf(3), "application/pdf");

const blockScripts = (page: Page) =>
  page.route(ENTRY, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );

/** Where the document's name and the chat's intro line are drawn (the visible copy). */
async function places(page: Page) {
  const main = page.getByRole("main");
  const heading = main.getByRole("heading", { level: 1, name: NAME });
  const intro = main.getByText(INTRO).locator("visible=true");
  await expect(heading).toBeVisible();
  await expect(intro).toBeVisible();
  return { heading: await heading.boundingBox(), intro: await intro.boundingBox() };
}

test("before any script runs, a new chat over a document is on screen; the app then draws the same chat in the same place", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("first-view-doc"));
  const id = await upload(context.request);
  await page.setViewportSize({ width: 390, height: 844 });

  await blockScripts(page);
  await page.goto(`/app/document-chat/${id}`);
  const drawn = await places(page);
  const starters = page
    .getByTestId("document-suggestions")
    .locator("visible=true")
    .getByRole("button");
  await expect(starters.first()).toBeVisible();
  // Nothing could send them yet; no script has moved the page on to its thread's address.
  await expect(starters.first()).toBeDisabled();
  expect(new URL(page.url()).pathname).toBe(`/app/document-chat/${id}`);

  await page.unroute(ENTRY);
  await page.goto(`/app/document-chat/${id}`);
  // The app's chat: at its thread's address, the starters now send, the composer is there.
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${id}/[A-Za-z0-9]+$`));
  await expect(starters.first()).toBeEnabled();
  await expect(page.getByTestId("document-composer").getByRole("textbox")).toBeVisible();
  expect(await places(page)).toEqual(drawn);
});

for (const [width, height, name] of [
  [390, 844, "phone"],
  [1280, 800, "desktop"],
] as const) {
  for (const mode of ["light", "dark"] as const) {
    test(`document chat first view screenshots, ${mode}, ${name}: alone and once the app has drawn`, async ({
      newContext,
      uniqueEmail,
    }) => {
      const context = await newContext({ viewport: { width, height }, colorScheme: mode });
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      await signInViaApi(context, uniqueEmail(`first-view-doc-${mode}-${name}`));
      const id = await upload(context.request);
      const page = await context.newPage();
      await blockScripts(page);
      await page.goto(`/app/document-chat/${id}`);
      const drawn = await places(page);
      await fontsReady(page);
      await page.screenshot({
        path: path.join(SHOTS, `first-view-document-${mode}-${name}.png`),
        animations: "disabled",
      });
      await page.unroute(ENTRY);
      await page.goto(`/app/document-chat/${id}`);
      await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${id}/`));
      await expect(page.getByTestId("document-composer").getByRole("textbox")).toBeVisible();
      expect(await places(page)).toEqual(drawn);
      await fontsReady(page);
      await page.screenshot({
        path: path.join(SHOTS, `first-view-document-${mode}-${name}-app.png`),
        animations: "disabled",
      });
    });
  }
}
