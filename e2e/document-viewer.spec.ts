import fs from "node:fs";
import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { BrowserContext, Page } from "@playwright/test";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { uploadReadyBytes, uploadReadyDocument } from "./support/documents.ts";
import { expect as baseExpect, signInViaApi, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * The document viewer beside its chat (issue 41, scopes 2–4): the divider between them moves by
 * keyboard and stays where it was left, the app sidebar collapses and stays collapsed, and text
 * selected in a view offers "Ask about this", which sends it to the chat. The nightly screenshot
 * tour shows the ODS grid, the ODP slides, the EPUB by chapter and a PDF's line bands, light and
 * dark, desktop and phone.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const OWN = path.join(REPO_ROOT, "e2e/fixtures");
const own = (name: string) => fs.readFileSync(path.join(OWN, name));

test.beforeEach(async ({ context, baseURL }) => {
  await stubExternalHosts(context, baseURL ?? "");
});

async function openDocument(context: BrowserContext, id: string, query = ""): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/app/document-chat/${id}${query}`);
  await expect(page).toHaveURL(new RegExp(`/app/(document|pdf)-chat/${id}/[^/?#]+`));
  return page;
}

/** Selects the text node holding `text` inside the viewer (as a drag over it would). */
async function selectText(page: Page, text: string) {
  // A string: e2e/ is compiled without the DOM's types.
  await page.evaluate(`(() => {
    const wanted = ${JSON.stringify(text)};
    const root = document.querySelector('[data-testid="document-content"]');
    const walker = root ? document.createTreeWalker(root, NodeFilter.SHOW_TEXT) : null;
    let node = walker?.nextNode();
    while (node && !node.nodeValue?.includes(wanted)) node = walker?.nextNode();
    const selection = document.getSelection();
    if (!node || !selection) throw new Error("no text to select: " + wanted);
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  })()`);
}

test("the divider and the collapsed sidebar are remembered; 'Ask about this' sends the selection", async ({
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(90_000);
  const context = await newContext({ viewport: { width: 1366, height: 800 } });
  await signInViaApi(context, uniqueEmail("viewer-divider"));
  const id = await uploadReadyBytes(context.request, "roadmap.odp", own("roadmap.odp"));
  const page = await openDocument(context, id);
  // The ODP slide by slide: its table is a table.
  const table = page.getByTestId("slide").nth(2).getByRole("table");
  await expect(table.getByRole("cell", { name: "Viewer divider" })).toBeVisible();

  const divider = page.getByRole("separator", { name: "Resize the document and the chat" });
  const before = Number(await divider.getAttribute("aria-valuenow"));
  const viewerWidth = async () =>
    (await page.getByTestId("document-split").locator("> div").first().boundingBox())?.width ?? 0;
  const widthBefore = await viewerWidth();
  await divider.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await expect(divider).toHaveAttribute("aria-valuenow", String(before + 10));
  // The split is laid out again on the next frame: its width is polled (CI once read it before).
  await expect.poll(viewerWidth).toBeGreaterThan(widthBefore + 60);
  await page.getByRole("button", { name: "Hide sidebar" }).click();
  await expect(page.getByTestId("sidebar-rail")).toBeVisible();

  await page.reload();
  await expect(divider).toHaveAttribute("aria-valuenow", String(before + 10));
  await expect(page.getByRole("button", { name: "Show sidebar" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "App" })).toHaveCount(0);

  // Selected text → "Ask about this" → the question about it is sent in the chat.
  await expect(page.getByTestId("slide").first()).toBeVisible();
  await selectText(page, "Viewer divider");
  const actions = page.getByRole("toolbar", { name: "Selected text" });
  await expect(actions.getByRole("button", { name: "Quote in chat" })).toBeVisible();
  await actions.getByRole("button", { name: "Ask about this" }).click();
  const panel = page.getByTestId("document-chat-panel");
  await expect(panel.getByText("Explain this passage:")).toBeVisible();
  await expect(panel.getByText("Viewer divider").first()).toBeVisible();
  await expect(actions).toHaveCount(0);
  await context.close();
});

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;

test("document viewer screenshots: ODS, ODP, EPUB and PDF bands, light and dark, desktop and phone", async ({
  newContext,
  baseURL,
  uniqueEmail,
}) => {
  test.setTimeout(600_000);
  for (const [viewportName, device] of Object.entries(VIEWPORTS))
    for (const mode of ["light", "dark"] as const) {
      const context = await newContext({ ...device, colorScheme: mode, deviceScaleFactor: 1 });
      await stubExternalHosts(context, baseURL ?? "");
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      await signInViaApi(context, uniqueEmail(`viewer-shots-${mode}-${viewportName}`));
      const docs: Array<[string, string, string]> = [
        [
          "ods",
          await uploadReadyBytes(context.request, "budget.ods", own("budget.ods")),
          "?chunk=0",
        ],
        ["odp", await uploadReadyBytes(context.request, "roadmap.odp", own("roadmap.odp")), ""],
        ["epub", await uploadReadyDocument(context.request, "testEPUB.epub"), ""],
        ["pdf", await uploadReadyDocument(context.request, "tracemonkey.pdf"), "?chunk=3"],
      ];
      for (const [kind, id, query] of docs) {
        const page = await openDocument(context, id, query);
        if (viewportName === "phone") await page.getByRole("tab", { name: "Document" }).click();
        if (kind === "pdf")
          await expect(page.getByTestId("pdf-bands").first()).toBeVisible({ timeout: 60_000 });
        else await expect(page.getByTestId("document-view-toolbar")).toBeVisible();
        if (kind === "epub") await expect(page.getByTestId("chapter-nav")).toBeVisible();
        await fontsReady(page);
        await page.screenshot({
          path: path.join(SHOTS, `viewer-${kind}-${mode}-${viewportName}.png`),
          animations: "disabled",
        });
        const overflow = Number(
          await page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth",
          ),
        );
        expect(overflow, `${kind}: no sideways scrolling`).toBe(0);
        await page.close();
      }
      await context.close();
    }
});
