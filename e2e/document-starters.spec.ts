import fs from "node:fs";
import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import { presetLocalStorage } from "./support/browser-storage.ts";
import { uploadReadyBytes } from "./support/documents.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * A document chat's starters (issue 41): a spreadsheet's questions about its own columns, worded
 * in the interface's language (a click sends the starter as the person's question), and the
 * offline engine's reply keeping its "Offline mode" badge after a reload. French on a desktop in
 * light mode, Arabic (right to left) on a phone in dark mode; screenshots of both.
 */

const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

/** A small CSV made here: a date column and a number column under a header. */
const SALES_CSV = Buffer.from(
  [
    "Day,Region,Amount",
    "2024-01-01,North,120",
    "2024-01-02,South,340",
    "2024-01-03,East,95",
    "2024-01-04,West,410",
  ].join("\n"),
);

const RUNS = [
  { lang: "fr", mode: "light", viewport: { width: 1280, height: 800 }, name: "desktop" },
  { lang: "ar", mode: "dark", viewport: { width: 390, height: 844 }, name: "phone" },
] as const;
const FIRST = { fr: "Résume ce document", ar: "لخص هذا المستند" };
// Its date and number columns asked about, in the language's own quotation marks.
const COLUMN = {
  fr: "Quelle période « Day » couvre-t-elle ?",
  ar: "ما الفترة التي يغطيها «Day»؟",
};

// French on a desktop every run; Arabic on a phone nightly (playwright.config.ts NIGHTLY_ONLY).
for (const run of RUNS) {
  test(`a CSV's chat starters are a spreadsheet's, in the interface's language; the offline reply keeps its badge (${run.lang}, ${run.name}, ${run.mode})`, async ({
    newContext,
    uniqueEmail,
  }) => {
    test.setTimeout(120_000);
    const context = await newContext({ viewport: run.viewport, colorScheme: run.mode });
    await presetLocalStorage(context, {
      [STORAGE_KEYS.uiLanguage]: run.lang,
      [STORAGE_KEYS.mode]: run.mode,
    });
    await signInViaApi(context, uniqueEmail(`starters-${run.lang}`));
    const id = await uploadReadyBytes(context.request, "sales.csv", SALES_CSV, "text/csv");
    const page = await context.newPage();
    await page.goto(`/app/document-chat/${id}`);
    const starters = page.getByTestId("document-suggestions");
    await expect(starters.getByRole("button").first()).toHaveText(FIRST[run.lang], {
      timeout: 30_000,
    });
    await expect(starters).toContainText(COLUMN[run.lang]);
    await expect(page.locator("html")).toHaveAttribute("lang", run.lang);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({
      path: path.join(SCREENSHOTS, `document-starters-${run.lang}-${run.mode}-${run.name}.png`),
    });
    // A starter is sent as the person's question, in their language.
    await starters.getByRole("button").first().click();
    await expect(page.getByTestId("document-question")).toHaveText(FIRST[run.lang]);
    const badge = page.getByTestId("document-turn").getByTestId("offline-badge");
    await expect(badge).toBeVisible({ timeout: 30_000 });
    // Once the reply has ended (and is saved: the thread's bar is drawn), a reload restores it.
    await expect(page.getByTestId("thread-header")).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/app/document-chat/${id}/[^/?#]+$`));
    await page.reload();
    await expect(page.getByTestId("document-question")).toHaveText(FIRST[run.lang]);
    await expect(badge).toBeVisible({ timeout: 30_000 });
    // Its citation is a chip again (the reply drawn, not its plain text while that loads).
    await expect(page.getByTestId("document-citation").first()).toBeVisible();
    await page.screenshot({
      path: path.join(
        SCREENSHOTS,
        `document-offline-reload-${run.lang}-${run.mode}-${run.name}.png`,
      ),
    });
    await context.close();
  });
}
