import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { uploadReadyDocument } from "./support/documents.ts";
import { inTourMatrix } from "./support/env.ts";
import { expect as baseExpect, signInViaApi, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 25: document and PDF chat end to end (offline engine, no model). From the files page a
 * ready PDF opens in its chat; a question's citation highlights its quote in the PDF's text layer,
 * and again after a reload; a DOCX marks its passage in the text viewer; a shared thread shows the
 * answer and passages, never the file; another person gets not-found; phone width shows tabs.
 * Screenshots light/dark, desktop/phone.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const PDF = "application/pdf";
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;

/** Uploads a corpus file through the API and waits until it is read; its id. */
const uploadReady = (context: BrowserContext, name: string, mimeType: string) =>
  uploadReadyDocument(context.request, name, mimeType);

/** Asks in the document chat and waits for the reply to end; the reply. */
async function ask(page: Page, question: string): Promise<Locator> {
  const box = page.getByTestId("document-composer").getByRole("textbox");
  await box.fill(question);
  await box.press("Enter");
  const reply = page.getByTestId("document-reply").last();
  await expect(reply).toHaveAttribute("aria-busy", "false", { timeout: 60_000 });
  return reply;
}

/** The first verified chip of a reply, and the quote its preview shows. */
async function firstVerifiedChip(reply: Locator) {
  const chip = reply.locator('[data-testid="document-citation"][data-verified="true"]').first();
  await expect(chip).toBeVisible();
  await chip.focus();
  const preview = chip.page().getByTestId("document-citation-preview");
  await expect(preview).toBeVisible();
  const quote = /“([^”]+)”/.exec((await preview.textContent()) ?? "")?.[1] ?? "";
  expect(quote.length, "the chip's preview shows its quote").toBeGreaterThan(0);
  await chip.page().keyboard.press("Escape");
  return { chip, quote };
}

/** The highlighted text: every mark of the viewer, joined (a quote across items has several). */
/** The marked text once it is drawn (the text layer is redrawn as the marks arrive). */
async function highlighted(page: Page, scope: string) {
  const marks = page.locator(`${scope} mark.doc-highlight`);
  await expect(marks.first()).toBeVisible();
  await expect.poll(async () => (await marks.allTextContents()).join("").trim()).not.toBe("");
  return (await marks.allTextContents()).join("").replace(/\s+/g, " ");
}

const squash = (text: string) => text.replace(/\s+/g, "");

test.beforeEach(async ({ context, baseURL }) => {
  await stubExternalHosts(context, baseURL ?? "");
});

for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
  for (const mode of ["light", "dark"] as const) {
    if (!inTourMatrix(mode, viewportName, "document-chat-screens")) continue;
    test(`document chat screenshots, ${mode}, ${viewportName}`, async ({
      newContext,
      baseURL,
      uniqueEmail,
    }) => {
      test.setTimeout(240_000);
      const context = await newContext({ ...device, colorScheme: mode, deviceScaleFactor: 1 });
      await stubExternalHosts(context, baseURL ?? "");
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      await signInViaApi(context, uniqueEmail(`shots-${mode}-${viewportName}`));
      const id = await uploadReady(context, "tracemonkey.pdf", PDF);
      const page = await context.newPage();
      await page.goto(`/app/document-chat/${id}`);
      await expect(page).toHaveURL(new RegExp(`/app/(pdf|document)-chat/${id}/[^/?#]+`));
      const phone = viewportName === "phone";
      // At phone width the viewer and the chat are two tabs; a citation switches to the viewer.
      if (phone) await page.getByRole("tab", { name: "Chat" }).click();
      const reply = await ask(page, "What is a trace tree?");
      const { chip, quote } = await firstVerifiedChip(reply);
      await fontsReady(page);
      await page.screenshot({
        path: path.join(SHOTS, `document-chat-reply-${mode}-${viewportName}.png`),
        animations: "disabled",
      });
      await chip.click();
      if (phone) {
        await expect(page.getByRole("tab", { name: "Document" })).toHaveAttribute(
          "aria-selected",
          "true",
        );
      }
      expect(squash(await highlighted(page, ".textLayer"))).toContain(squash(quote));
      await page.screenshot({
        path: path.join(SHOTS, `pdf-chat-highlight-${mode}-${viewportName}.png`),
        animations: "disabled",
      });
      const overflow = Number(
        await page.evaluate(
          "document.documentElement.scrollWidth - document.documentElement.clientWidth",
        ),
      );
      expect(overflow, "no sideways scrolling").toBe(0);
      await context.close();
    });
  }
}
