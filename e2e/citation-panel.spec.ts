import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { finished, resetFakesAroundEachTest, turns } from "./support/answer-page.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { uploadReadyDocument } from "./support/documents.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect, stubExternalHosts, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 37, scope 6: a file citation in an answer opens the document beside the reading, the
 * citation's checked words marked in the PDF, the answer staying where it was; Escape closes it
 * and the focus is back on the chip. On a phone: the card as a sheet, then the viewer as a sheet.
 */
resetFakesAroundEachTest();

const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
/** file_pdfjs_test.pdf, page 5 (MANIFEST.md): "Reftest is your best bet, if possible." */
const PDF = "file_pdfjs_test.pdf";
const SENTENCE = "Reftest is your best bet, if possible";
const squash = (text: string) => text.replace(/\s+/g, "");

/** A signed-in person with the PDF read, asking in the Local focus; the answer's verified chip. */
async function answerCitingThePdf(
  context: BrowserContext,
  origin: string,
  modelServer: { answers: unknown[] },
  email: string,
  shot: string,
): Promise<{ page: Page; chip: Locator; quote: string }> {
  await stubExternalHosts(context, origin);
  await signInViaApi(context, email);
  await uploadReadyDocument(context.request, PDF, "application/pdf");
  // Every passage found is cited by the one sentence: the one that holds it is verified.
  modelServer.answers.push({ kind: "text", text: `${SENTENCE} [1][2][3][4][5].` });
  const page = await context.newPage();
  await page.goto(`/app/search?q=${encodeURIComponent("Reftest best bet layout")}&focus=local`);
  const turn = turns(page).first();
  await finished(turn);
  const chip = turn.getByTestId("answer-markdown").locator('[data-verified="true"]').first();
  await expect(chip).toBeVisible();
  // The card quotes the checked words: those are the ones the viewer marks.
  await chip.focus();
  const card = page.getByTestId("citation-preview");
  await expect(card).toContainText("Your files");
  await expect(card).toContainText(PDF);
  const quote = (await card.getByTestId("citation-passage").textContent()) ?? "";
  expect(quote).toContain(SENTENCE);
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, `citation-card-${shot}.png`) });
  await page.keyboard.press("Escape");
  await expect(card).toHaveCount(0);
  return { page, chip, quote };
}

/**
 * The viewer marks exactly `expected` (squashed), once drawn: polled, because the text layer is
 * drawn again when the panel settles its width (its marks are gone for a moment in between).
 */
async function expectMarked(panel: Locator, expected: string): Promise<void> {
  const marks = panel.locator(".textLayer mark.doc-highlight");
  await expect(marks.first()).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(async () => squash((await marks.allTextContents()).join("")), { timeout: 10_000 })
    .toBe(expected);
}

test("desktop: a file citation opens the PDF beside the answer at the quote; Escape closes it and focus returns", async ({
  newContext,
  modelServer,
  uniqueEmail,
}) => {
  const context = await newContext({ baseURL: modelServer.origin, colorScheme: "light" });
  const { page, chip, quote } = await answerCitingThePdf(
    context,
    modelServer.origin,
    modelServer,
    uniqueEmail("citation-panel"),
    "light-desktop",
  );
  const url = page.url();
  await chip.click();
  const panel = page.getByTestId("citation-panel");
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute("data-layout", "side");
  await expect(panel.getByRole("heading", { name: new RegExp(PDF) })).toBeVisible();
  // Exactly the checked words are marked, not the whole passage around them.
  await expectMarked(panel, squash(quote));
  // The answer stayed: same address, the chip on screen beside the panel.
  expect(page.url()).toBe(url);
  await expect(chip).toBeInViewport();
  const chipBox = await chip.boundingBox();
  const panelBox = await panel.boundingBox();
  expect((chipBox?.x ?? 0) + (chipBox?.width ?? 0)).toBeLessThanOrEqual(panelBox?.x ?? 0);
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "citation-panel-light-desktop.png") });

  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(chip).toBeFocused();
  await expect(page.getByTestId("citation-preview")).toHaveCount(0);

  // From the panel, the document chat goes further.
  await chip.click();
  await panel.getByRole("link", { name: "Open document chat" }).click();
  await expect(page).toHaveURL(/\/app\/(?:pdf|document)-chat\/[0-9a-f-]{36}/);
  await expect(panel).toHaveCount(0);
});

test("phone, dark: a tapped file citation shows its card as a sheet, then the PDF as a sheet", async ({
  newContext,
  modelServer,
  uniqueEmail,
}) => {
  const context = await newContext({
    baseURL: modelServer.origin,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    colorScheme: "dark",
  });
  await presetLocalStorage(context, { [STORAGE_KEYS.mode]: "dark" });
  const { page, chip, quote } = await answerCitingThePdf(
    context,
    modelServer.origin,
    modelServer,
    uniqueEmail("citation-panel-phone"),
    "dark-phone",
  );
  await chip.tap();
  const sheet = page.getByTestId("citation-sheet");
  await expect(sheet).toContainText(PDF);
  await page.screenshot({ path: path.join(SHOTS, "citation-sheet-file-dark-phone.png") });
  await sheet.getByRole("button", { name: "Show in the document" }).tap();
  const panel = page.getByTestId("citation-panel");
  await expect(panel).toHaveAttribute("data-layout", "sheet");
  await expectMarked(panel, squash(quote));
  const box = await panel.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.width ?? 0) <= 390).toBe(true);
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBe(390);
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "citation-panel-dark-phone.png") });
  await panel.getByRole("button", { name: "Close" }).tap();
  await expect(panel).toHaveCount(0);
  expect(page.url()).toContain("/app/search/");
});
