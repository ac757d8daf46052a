import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Locator, Page } from "@playwright/test";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * An answer in Arabic (issue 42 scope 2): the page is right to left, and the offline engine's
 * English question and answer read left to right block by block (dir="auto"); the offline badge
 * and Share thread are in Arabic. The screenshots (nightly) show it light and dark, desktop and
 * phone.
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

test("an answer in Arabic: its English paragraphs read left to right in the right-to-left page", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await presetLocalStorage(context, { [STORAGE_KEYS.uiLanguage]: "ar" });
  await signInViaApi(context, uniqueEmail("arabic-answer"));
  const turn = await askInArabic(page);
  await expect(turn.getByTestId("offline-badge")).toHaveText("وضع عدم الاتصال");
  // The English question too (its "?" at its end, not the page's).
  const question = page.getByRole("heading", { level: 1, name: QUESTION });
  expect(await question.evaluate((el) => el.matches(":dir(ltr)"))).toBe(true);
  const paragraphs = turn.getByTestId("answer-markdown").locator("p");
  await expect(paragraphs.first()).toBeVisible();
  for (const p of await paragraphs.all()) {
    await expect(p).toHaveAttribute("dir", "auto");
    // The knowledge base is English: each of its paragraphs is left to right on its own.
    expect(await p.evaluate((el) => el.matches(":dir(ltr)"))).toBe(true);
  }
  await expect(
    page.getByTestId("thread-header").getByRole("button", { name: "مشاركة المحادثة" }),
  ).toBeVisible();
});

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
