import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Locator, Page } from "@playwright/test";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * An answer in Arabic (issue 42 scope 2), light and dark, desktop and phone (nightly screenshots).
 * What the page must be — right to left, the English question and paragraphs left to right block
 * by block, no English interface text left — is asserted every run by i18n-pages.spec.ts.
 */

const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const QUESTION = "How do share links work?";

async function askInArabic(page: Page): Promise<Locator> {
  await page.goto("/app");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const box = page.getByRole("textbox", { name: "اسأل عن أي شيء" });
  await box.fill(QUESTION);
  await box.press("Enter");
  const turn = page.getByTestId("answer-turn").first();
  await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  return turn;
}

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

test("screenshots of an answer in Arabic, light and dark, desktop and phone", async ({
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    const context = await newContext({ viewport, deviceScaleFactor: 1 });
    await presetLocalStorage(context, { [STORAGE_KEYS.uiLanguage]: "ar" });
    await signInViaApi(context, uniqueEmail(`arabic-answer-${viewportName}`));
    const page = await context.newPage();
    const turn = await askInArabic(page);
    for (const mode of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await expect(turn.getByTestId("offline-badge")).toBeVisible();
      await fontsReady(page);
      await page.screenshot({
        path: path.join(SHOTS, `i18n-ar-answer-${mode}-${viewportName}.png`),
        animations: "disabled",
      });
    }
    await context.close();
  }
});
