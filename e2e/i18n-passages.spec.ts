import fs from "node:fs";
import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import { presetLocalStorage } from "./support/browser-storage.ts";
import { uploadReadyBytes } from "./support/documents.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * A document chat's cited passage in Arabic (issue 42): the passage's place in Arabic words from
 * its rows (not the server's English "Rows 2–5"), its quote between Arabic quotation marks and
 * isolated in its own direction (an English quote in the right-to-left page once showed its
 * curly marks reversed), and the viewer's "Cited: …" in Arabic. Screenshots light and dark,
 * desktop and phone (the device's scheme: no mode is stored).
 */

const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const SALES_CSV = Buffer.from(
  ["Day,Region,Amount", "2024-01-01,North,120", "2024-01-02,South,340", "2024-01-03,East,95"].join(
    "\n",
  ),
);

test("a cited passage in Arabic: its place in Arabic words, its quote between Arabic marks and isolated", async ({
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await presetLocalStorage(context, { [STORAGE_KEYS.uiLanguage]: "ar" });
  await signInViaApi(context, uniqueEmail("passages-ar"));
  const id = await uploadReadyBytes(context.request, "sales.csv", SALES_CSV, "text/csv");
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`/app/document-chat/${id}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByTestId("document-suggestions").getByRole("button").first().click();
  const passage = page.getByTestId("document-passage").first();
  await expect(passage).toBeVisible({ timeout: 30_000 });
  // The place from the server's "Row 1" / "Rows 1–3" (a CSV's rows) in Arabic ("الصف 1",
  // "الصفوف 1–3"), no English word left.
  await expect(passage).toContainText(/الصف(وف)? \d/);
  await expect(passage).not.toContainText(/Rows?|Page|Sheet|passage not found/);
  // The quote in a <bdi>, its marks the catalogue's: « before it, » after it.
  const quote = passage.locator("bdi").first();
  await expect(quote).toHaveText(/\S/);
  const marks = await quote.evaluate((bdi) => [
    bdi.previousSibling?.textContent ?? "",
    bdi.nextSibling?.textContent ?? "",
  ]);
  expect(marks).toEqual(["«", "»"]);
  await passage.click();
  await expect(page.getByTestId("document-highlight-label")).toContainText(/الصف(وف)? \d/);
  await expect(page.getByTestId("document-highlight-label")).not.toContainText(/Rows?/);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const look of [
    { name: "desktop", viewport: { width: 1280, height: 800 } },
    { name: "phone", viewport: { width: 390, height: 844 } },
  ]) {
    await page.setViewportSize(look.viewport);
    for (const mode of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await expect(page.locator("html")).toHaveClass(
        mode === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
      );
      await page.screenshot({
        path: path.join(SCREENSHOTS, `passage-ar-${mode}-${look.name}.png`),
      });
    }
  }
  expect(errors).toEqual([]);
  await context.close();
});
