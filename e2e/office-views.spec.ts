import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { BrowserContext, Page } from "@playwright/test";
import { analyzeAxe } from "./support/axe.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { uploadReadyBytes, uploadReadyDocument } from "./support/documents.ts";
import { inTourMatrix } from "./support/env.ts";
import { expect as baseExpect, signInViaApi, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";
import { datesWorkbook, headingsDocx } from "./support/office-files.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Office files look like themselves (issue 41, scope 2): a workbook is a grid per sheet (tabs,
 * dates as dates, numbers formatted, a frozen header row, virtualised rows) and a cited passage
 * marks its rows, labelled "Sheet 1, rows 1–13"; a CSV is a grid; a PPTX's table is a table; a
 * DOCX has its headings, lists and table. Find counts matches and zoom works in each view; the
 * chat's starters come from the document. Screenshots light/dark, desktop/phone; axe 0 violations.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;

test.beforeEach(async ({ context, baseURL }) => {
  await stubExternalHosts(context, baseURL ?? "");
});

/** Opens a document at a passage (as a cited file's link does); on a phone, its Document tab. */
async function openAt(context: BrowserContext, id: string, chunk: number | null): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/app/document-chat/${id}${chunk === null ? "" : `?chunk=${chunk}`}`);
  await expect(page).toHaveURL(new RegExp(`/app/document-chat/${id}/[^/?#]+`));
  return page;
}

async function noAxeViolations(page: Page) {
  await fontsReady(page);
  const results = await analyzeAxe(
    new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).withTags(WCAG_TAGS),
    page,
  );
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function findCount(page: Page, query: string) {
  const input = page.getByTestId("document-find-input");
  await input.fill(query);
  return page.getByTestId("document-find-count");
}

test("a workbook is a grid: dates as dates, a cited passage marks its rows, find and zoom", async ({
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await signInViaApi(context, uniqueEmail("office-xlsx"));
  const id = await uploadReadyBytes(context.request, "sales.xlsx", datesWorkbook(12));
  const page = await openAt(context, id, 0);
  const grid = page.getByTestId("sheet-grid");
  await expect(grid.getByRole("table", { name: "Sheet 1" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sales" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Notes" })).toBeVisible();
  // Dates as dates, numbers formatted: never the serial number.
  await expect(grid.getByRole("columnheader", { name: "Day" })).toBeVisible();
  await expect(grid.getByRole("cell", { name: "1960-01-01", exact: true })).toBeVisible();
  await expect(grid.getByRole("cell", { name: "1960-01-01 00:00:01" })).toBeVisible();
  await expect(grid.getByRole("cell", { name: "1,234.50" })).toBeVisible();
  await expect(grid).not.toContainText("21916");
  // The passage (the whole first sheet) marks rows 1–13 and says so.
  await expect(page.getByTestId("document-highlight-label")).toHaveText(
    "Cited: Sheet 1, rows 1–13",
  );
  const marked = grid.locator('tr[data-marked="true"]');
  await expect(marked.first()).toHaveAttribute("data-row", "1");
  await expect(marked.last()).toHaveAttribute("data-row", "13");
  // Find: every matching cell counted, Enter steps.
  const count = await findCount(page, "1960-01-1");
  await expect(count).toHaveText("1 of 6");
  await page.getByTestId("document-find-input").press("Enter");
  await expect(count).toHaveText("2 of 6");
  await expect(grid.locator(".doc-find-cell-current")).toHaveText("1960-01-10 00:00:01");
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByTestId("document-zoom")).toHaveText("110%");
  // The other sheet is a tab away.
  await page.getByRole("tab", { name: "Notes" }).click();
  await expect(grid.getByRole("cell", { name: "Figures are in euros." })).toBeVisible();
  // The chat's starters come from the workbook, not a paper's.
  const starters = page.getByTestId("document-suggestions");
  await expect(
    starters.getByRole("button", { name: "What does the sheet “Sales” show?" }),
  ).toBeVisible();
  await expect(starters).not.toContainText("methods or evidence");
  await noAxeViolations(page);
  await context.close();
});

test("a CSV is a grid with a frozen header and only the rows in view drawn", async ({
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await signInViaApi(context, uniqueEmail("office-csv"));
  const id = await uploadReadyDocument(context.request, "country-codes.csv", "text/csv");
  const page = await openAt(context, id, 3);
  const grid = page.getByTestId("sheet-grid");
  const header = grid.getByRole("columnheader", { name: "FIFA" });
  await expect(header).toBeVisible();
  await expect(page.getByTestId("document-highlight-label")).toHaveText(/^Cited: Rows \d+–\d+$/);
  // 250 rows, a few dozen drawn.
  expect(await grid.locator("tbody tr[data-row]").count()).toBeLessThan(120);
  await grid.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(grid.locator('tr[data-row="250"]')).toBeVisible();
  await expect(header).toBeInViewport();
  const count = await findCount(page, "Zimbabwe");
  await expect(count).toHaveText(/^1 of \d+$/);
  await context.close();
});

test("a presentation shows its slide's table as a table; a DOCX its headings and table; find", async ({
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  await signInViaApi(context, uniqueEmail("office-pptx"));
  const pptx = await uploadReadyDocument(context.request, "testPPT_various.pptx");
  let page = await openAt(context, pptx, 0);
  const slide = page.getByTestId("slide").first();
  await expect(slide.getByRole("heading", { name: "Slide 1" })).toBeVisible();
  const table = slide.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("cell", { name: "Row 2 Col 3" })).toBeVisible();
  await expect(page.getByTestId("document-highlight-label")).toHaveText("Cited: Slide 1");
  await expect(slide.locator(".doc-highlight").first()).toBeVisible();
  await expect(await findCount(page, "bullet")).toHaveText("1 of 6");
  await page.getByRole("button", { name: "Next match" }).click();
  await expect(page.getByTestId("document-find-count")).toHaveText("2 of 6");
  await noAxeViolations(page);
  await page.close();

  const docx = await uploadReadyBytes(context.request, "report.docx", headingsDocx());
  page = await openAt(context, docx, null);
  await page.getByTestId("document-suggestions").waitFor();
  const doc = page.getByTestId("formatted-document");
  await expect(doc.getByRole("heading", { level: 1, name: "Quarterly report" })).toBeVisible();
  await expect(doc.getByRole("heading", { level: 2, name: "Method" })).toBeVisible();
  await expect(doc.getByRole("table").getByRole("cell", { name: "North" })).toBeVisible();
  await expect(await findCount(page, "quarter")).toHaveText("1 of 3");
  await expect(
    page
      .getByTestId("document-suggestions")
      .getByRole("button", { name: "What does “Method” say?" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Zoom out" }).click();
  await expect(page.getByTestId("document-zoom")).toHaveText("90%");
  // The corpus's DOCX: its list and table.
  const various = await uploadReadyDocument(context.request, "testWORD_various.docx");
  await page.goto(`/app/document-chat/${various}`);
  const word = page.getByTestId("formatted-document");
  await expect(word.getByRole("listitem").filter({ hasText: /^Bullet 1$/ })).toBeVisible();
  await expect(word.getByRole("cell", { name: "Row 2 Col 3" })).toBeVisible();
  await context.close();
});

for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
  for (const mode of ["light", "dark"] as const) {
    if (!inTourMatrix(mode, viewportName, "office-views")) continue;
    test(`office views screenshots, ${mode}, ${viewportName}`, async ({
      newContext,
      baseURL,
      uniqueEmail,
    }) => {
      test.setTimeout(240_000);
      const context = await newContext({ ...device, colorScheme: mode, deviceScaleFactor: 1 });
      await stubExternalHosts(context, baseURL ?? "");
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      await signInViaApi(context, uniqueEmail(`office-shots-${mode}-${viewportName}`));
      const shots: Array<[string, string, number | null]> = [
        ["xlsx", await uploadReadyBytes(context.request, "sales.xlsx", datesWorkbook(40)), 1],
        ["pptx", await uploadReadyDocument(context.request, "testPPT_various.pptx"), 0],
        ["docx", await uploadReadyBytes(context.request, "report.docx", headingsDocx()), 0],
      ];
      for (const [kind, id, chunk] of shots) {
        const page = await openAt(context, id, chunk);
        await expect(page.getByTestId("document-view-toolbar")).toBeVisible();
        await expect(page.locator(".doc-highlight").first()).toBeVisible();
        await fontsReady(page);
        await page.screenshot({
          path: path.join(SHOTS, `office-${kind}-${mode}-${viewportName}.png`),
          animations: "disabled",
        });
        const overflow = Number(
          await page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth",
          ),
        );
        expect(overflow, "no sideways scrolling").toBe(0);
        if (kind === "xlsx" && viewportName === "desktop") await noAxeViolations(page);
        await page.close();
      }
      await context.close();
    });
  }
}
