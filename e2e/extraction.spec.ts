import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { uploadReadyBytes, uploadReadyDocument } from "./support/documents.ts";
import { signInViaApi } from "./support/fixtures.ts";
import {
  expect as baseExpect,
  type ModelServer,
  stubExternalHosts,
  test,
} from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 39 end to end against the fake model: a fixture PDF, two fields built on the screen, the
 * table fills live, a cell opens its passage in the shared panel (the quote marked), a corrected cell survives a
 * reload, and the CSV export downloads. The second test takes the screenshots (nightly: light and
 * dark, desktop and phone).
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const PDF = "bug1997343.pdf";
const ANSWER = {
  title: { value: "A Two Column Example", quote: "A Two Column Example" },
  pages: { value: 2, quote: "It is also possible to cite works" },
};

type Look = { name: "desktop" | "phone"; colorScheme: "light" | "dark" };

/**
 * Runs `step` in a new page of each look (desktop and phone, light and dark), one account
 * signed in once for all four, external hosts stubbed; each look's context is closed after.
 */
async function inEveryLook(
  browser: Browser,
  baseURL: string,
  email: string,
  step: (page: Page, look: Look) => Promise<void>,
) {
  let session: Awaited<ReturnType<BrowserContext["storageState"]>> | null = null;
  for (const [name, options] of [
    ["desktop", { viewport: { width: 1280, height: 800 } }],
    ["phone", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        ...options,
        colorScheme,
        baseURL,
        ...(session ? { storageState: session } : {}),
      });
      await stubExternalHosts(context, baseURL);
      if (!session) {
        await signInViaApi(context, email);
        session = await context.storageState();
      }
      await step(await context.newPage(), { name, colorScheme });
      await context.close();
    }
  }
}

async function buildAndStart(page: Page, modelServer: ModelServer) {
  await page.goto("/app/agents/structured-information-extraction");
  const fields = page.getByTestId("extraction-field");
  await fields.first().getByLabel("Name").fill("Title");
  await page.getByRole("button", { name: "Add a field" }).click();
  await fields.nth(1).getByLabel("Name").fill("Pages");
  await fields.nth(1).getByLabel("Type").selectOption("number");
  await page.getByRole("checkbox", { name: PDF }).check();
  // The run's one structured call (not streamed) answers with the fixture's own words.
  modelServer.llm.enqueue({ kind: "text", text: JSON.stringify(ANSWER) });
  await page.getByTestId("extraction-start").click();
  await expect(page).toHaveURL(/\/app\/agents\/structured-information-extraction\/[A-Za-z0-9]+$/);
}

test("extraction: two fields over a PDF fill the table, a cell opens its quote, an edit survives a reload, CSV downloads", async ({
  page,
  context,
  baseURL,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(90_000);
  await stubExternalHosts(context, baseURL ?? "");
  await signInViaApi(context, uniqueEmail("extraction"));
  await uploadReadyDocument(page.request, PDF, "application/pdf");
  await buildAndStart(page, modelServer);

  const cells = page.getByTestId("extraction-cell");
  await expect(cells).toHaveCount(2);
  await expect(cells.nth(0)).toContainText("A Two Column Example");
  await expect(cells.nth(1)).toContainText("2");
  await expect(cells.nth(1)).toContainText("Quote found");
  await cells.nth(1).click();
  const detail = page.getByTestId("extraction-cell-detail");
  await expect(detail.getByTestId("extraction-quote")).toHaveText(ANSWER.pages.quote);
  await expect(detail).toContainText("Page 2");
  // The panel answers' citations open: the document viewer at the passage, the quote marked.
  const panel = page.getByTestId("citation-panel");
  await expect(panel).toHaveAttribute("data-layout", "side");
  await expect(panel.getByRole("heading", { name: `${PDF}, p. 2` })).toBeVisible();
  await expect(panel.getByTestId("citation-panel-chat")).toHaveAttribute(
    "href",
    /\/app\/document-chat\/[^?]+\?chunk=\d+&quote=It%20is%20also/,
  );
  await expect(panel.locator(".textLayer mark.doc-highlight").first()).toContainText("It is", {
    timeout: 20_000,
  });
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(cells.nth(1)).toBeFocused();

  await detail.getByTestId("extraction-edit").fill("3");
  await detail.getByRole("button", { name: "Save" }).click();
  await expect(cells.nth(1)).toContainText("Edited");
  await page.reload();
  await expect(page.getByTestId("extraction-cell").nth(1)).toContainText("3");
  await expect(page.getByTestId("extraction-cell").nth(1)).toContainText("Edited");

  const download = page.waitForEvent("download");
  await page.getByTestId("extraction-export").getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await file.path()) ?? "", "utf8");
  expect(csv).toContain("pages quote");
  expect(csv).toContain(ANSWER.title.quote);
});

test("extraction screenshots: light and dark, desktop and phone", async ({
  browser,
  baseURL,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("extraction-shots");
  await inEveryLook(browser, baseURL ?? "", email, async (page, { name, colorScheme }) => {
    await uploadReadyDocument(page.request, PDF, "application/pdf");
    await page.goto("/app/agents/structured-information-extraction");
    await expect(page.getByRole("checkbox", { name: PDF })).toBeVisible();
    await page.screenshot({
      path: path.join(SHOTS, `extraction-new-${colorScheme}-${name}.png`),
      fullPage: true,
    });
    await buildAndStart(page, modelServer);
    const cells = page.getByTestId("extraction-cell");
    await expect(cells).toHaveCount(2);
    await cells.nth(1).click();
    await expect(page.getByTestId("extraction-quote")).toBeVisible();
    await page.screenshot({
      path: path.join(SHOTS, `extraction-table-${colorScheme}-${name}.png`),
      fullPage: true,
    });
    // The cell's passage in the shared panel (a sheet on a phone), the quote marked.
    if (name === "phone") await page.getByTestId("extraction-show-passage").click();
    const panel = page.getByTestId("citation-panel");
    await expect(panel.locator(".textLayer mark.doc-highlight").first()).toBeVisible({
      timeout: 60_000,
    });
    await page.waitForTimeout(1000);
    await page.screenshot({
      path: path.join(SHOTS, `extraction-passage-${colorScheme}-${name}.png`),
    });
  });
});

/** A review naming three trials: a per-item extraction makes a row of each. */
const TRIALS = [
  "Three trials are discussed in this review.",
  "The ALPHA trial was a phase 2 study that enrolled 120 patients.",
  "The BETA trial was a phase 3 study that enrolled 450 patients.",
  "The GAMMA trial was a phase 1 study that enrolled 24 patients.",
].join("\n");
const trial = (name: string, phase: string, size: number) => ({
  name: { value: name, quote: `The ${name} trial` },
  phase: { value: phase, quote: `a ${phase} study` },
  sample_size: { value: size, quote: `enrolled ${size} patients` },
});

test("extraction per item screenshots: an 'every …' proposal sets a row per item, the start screen counts web results, a row per trial", async ({
  browser,
  baseURL,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(300_000);
  const email = uniqueEmail("extraction-items");
  await inEveryLook(browser, baseURL ?? "", email, async (page, { name, colorScheme }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await uploadReadyBytes(page.request, "trials.txt", Buffer.from(TRIALS), "text/plain");
    await page.goto("/app/agents/structured-information-extraction");
    await page
      .getByLabel("Describe what you want")
      .fill("Every trial mentioned: name, phase, sample size");
    modelServer.llm.enqueue({
      kind: "text",
      text: JSON.stringify({
        fields: [
          { name: "Name", type: "text" },
          { name: "Phase", type: "text" },
          { name: "Sample size", type: "number" },
        ],
      }),
    });
    await page.getByRole("button", { name: "Propose fields" }).click();
    await expect(page.getByLabel("A row per item found (“every …”)")).toBeChecked();
    await page.getByRole("checkbox", { name: "trials.txt" }).first().check();
    await page.getByTestId("extraction-search").fill("trial registries");
    const estimate = page.getByTestId("extraction-estimate");
    await expect(estimate).toContainText("1 file · up to 5 web results");
    await estimate.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: path.join(SHOTS, `extraction-items-new-${colorScheme}-${name}.png`),
      fullPage: true,
    });
    await page.getByTestId("extraction-search").fill("");
    modelServer.llm.enqueue({
      kind: "text",
      text: JSON.stringify({
        items: [
          trial("ALPHA", "phase 2", 120),
          trial("BETA", "phase 3", 450),
          trial("GAMMA", "phase 1", 24),
        ],
      }),
    });
    await page.getByTestId("extraction-start").click();
    await expect(page).toHaveURL(/\/app\/agents\/structured-information-extraction\/[A-Za-z0-9]+$/);
    await expect(page.getByTestId("extraction-row")).toHaveCount(3);
    await expect(page.getByTestId("extraction-row").nth(2)).toContainText("Item 3");
    await expect(page.getByTestId("extraction-cell").nth(8)).toContainText("24");
    await page.screenshot({
      path: path.join(SHOTS, `extraction-items-table-${colorScheme}-${name}.png`),
      fullPage: true,
    });
    expect(errors).toEqual([]);
  });
});
