import { readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { analyzeAxe } from "./support/axe.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { inTourMatrix } from "./support/env.ts";
import { expect as baseExpect, failedResource, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 26: deep research end to end on the offline server (no model: the knowledge base). Start a
 * research about the product from its plan, reload while it runs (its progress goes on from the
 * run's events), it finishes with a report whose citations are chips; open it from the results
 * page; share it and read it signed out. Screenshots of the start page, the live run and the report
 * (light and dark, desktop and phone).
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const QUESTION = "How do share links work in Nexus, and how can I revoke one?";
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;
const RESEARCH_URL = /\/app\/agents\/deepresearch\/([A-Za-z0-9_-]+)$/;

/** axe's WCAG 2.1 A/AA violations on the page as it is (rule and first targets). */
async function axeViolations(page: Page) {
  const results = await analyzeAxe(
    new AxeBuilder({ page })
      .options({ resultTypes: ["violations"] })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]),
    page,
  );
  return results.violations.map((v) => ({
    rule: v.id,
    targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}

/** Fills the start page and starts from the plan (edited: its first question removed). */
async function startFromPlan(page: Page): Promise<string> {
  await page.goto("/app/agents/deepresearch");
  await page.getByTestId("research-question").fill(QUESTION);
  await page.getByTestId("research-depth-quick").click();
  await page.getByTestId("research-make-plan").click();
  const fields = page.getByTestId("research-plan-question");
  await expect(fields.first()).toBeVisible();
  const planned = await fields.count();
  expect(planned, "a plan of 3–7 sub-questions").toBeGreaterThanOrEqual(3);
  await page.getByTestId("research-plan-add").click();
  await fields.last().fill("Who can open a share link?");
  await page.getByTestId("research-plan-remove").first().click();
  await expect(fields).toHaveCount(planned);
  await page.getByTestId("research-start-plan").click();
  await expect(page).toHaveURL(RESEARCH_URL);
  return RESEARCH_URL.exec(page.url())?.[1] ?? "";
}

/** Waits for the report, and checks its citations are chips naming read sources. */
async function reportReady(page: Page) {
  const report = page.getByTestId("research-report");
  await expect(report).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId("research-status")).toHaveText("Finished");
  const marks = report.getByTestId("research-citation-mark");
  await expect(marks.first()).toBeVisible();
  expect(await marks.count()).toBeGreaterThan(0);
  // No marker is left as bare text: every `[n]` became a chip.
  const text = (await page.getByTestId("research-report-text").innerText()) ?? "";
  expect(text).not.toMatch(/\[\d+\]/);
  await expect(
    page.getByTestId("research-sources-read").getByTestId("research-source").first(),
  ).toBeVisible();
  return report;
}

test("start from an edited plan, reload mid-run, report with citations, results, share signed out, delete from History", async ({
  context,
  newContext,
  uniqueEmail,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  await signInViaApi(context, uniqueEmail("research"));
  const page = await context.newPage();
  const threadId = await startFromPlan(page);

  // Live: the question, its plan and progress; then a reload, and the run goes on from its events.
  await expect(page.getByTestId("research-title")).toHaveText(QUESTION);
  await expect(page.getByTestId("research-question-row").first()).toBeVisible();
  // Mid-run (an offline quick run takes seconds: its steps are jobs): what was shown comes back.
  const header = page.getByTestId("research-header");
  expect(["queued", "running"]).toContain(await header.getAttribute("data-status"));
  await page.reload();
  // After the reload the page follows the run from its events (replayed, then live) to its end:
  // the report, written for the edited plan (the added question is one of its sections).
  await expect(page.getByTestId("research-title")).toHaveText(QUESTION);
  const report = await reportReady(page);
  await expect(
    page.getByTestId("research-report-text").getByText("Who can open a share link?").first(),
  ).toBeVisible();

  // Export → Markdown: the report with its notes as footnotes, each source with its quote and
  // its check (issue 42; the server's export of the thread).
  await page.getByTestId("research-export").getByRole("button", { name: "Export" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Markdown" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^How-do-share-links-work.*\.md$/);
  const exported = await readFile((await download.path()) ?? "", "utf8");
  expect(exported).toContain(`# ${QUESTION}`);
  expect(exported).toContain("### Sources");
  expect(exported).toMatch(/^\[\^\d+\]: .*(Verified against the source|Not found in the source)/m);

  // The results page lists it, finished; it opens there.
  await page.goto("/app/agents/deepresearch/results");
  const row = page.getByTestId("research-result").filter({ hasText: QUESTION });
  await expect(row).toHaveAttribute("data-status", "succeeded");
  await expect(row.getByTestId("research-result-sources")).toContainText("read");
  await page.screenshot({ path: path.join(SHOTS, "research-results-light-desktop.png") });
  await row.getByRole("link", { name: QUESTION }).click();
  await expect(page).toHaveURL(new RegExp(`/app/agents/deepresearch/${threadId}$`));
  await reportReady(page);

  // History lists it as a research.
  await page.goto("/app/history");
  const historyRow = page.getByTestId("history-thread").filter({ hasText: QUESTION });
  await expect(historyRow.getByTestId("history-thread-agent")).toHaveText("Deep research");

  // Share: one click makes the link; signed out, the report and its sources.
  await page.goto(`/app/agents/deepresearch/${threadId}`);
  await reportReady(page);
  await report.getByRole("button", { name: "Share", exact: true }).click();
  const field = page.getByTestId("share-dialog").getByTestId("share-url");
  await expect(field).toHaveValue(/\/share\/[A-Za-z0-9]{22}$/);
  const sharePath = new URL(await field.inputValue()).pathname;
  const visitor = await (await newContext()).newPage();
  await visitor.goto(sharePath);
  const shared = visitor.getByTestId("shared-research-report");
  await expect(shared).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(QUESTION);
  await expect(visitor.getByText("Deep research report", { exact: true })).toBeVisible();
  await expect(shared.getByTestId("research-citation-mark").first()).toBeVisible();
  await expect(shared.getByTestId("research-source").first()).toBeVisible();
  await visitor.screenshot({
    path: path.join(SHOTS, "research-shared-light-desktop.png"),
    fullPage: true,
  });

  // Deleted from History, it leaves the results list too, and its share link stops working.
  await page.goto("/app/history");
  await historyRow.getByRole("button", { name: /^Delete thread/ }).click();
  await page
    .getByTestId("delete-thread-dialog")
    .getByRole("button", { name: "Delete thread" })
    .click();
  await expect(historyRow).toHaveCount(0);
  await page.goto("/app/agents/deepresearch/results");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("research-result").filter({ hasText: QUESTION })).toHaveCount(0);
  consoleGuard.allow(failedResource(404)); // the share page of a deleted thread is a 404
  await visitor.reload();
  await expect(visitor.getByTestId("shared-research-report")).toHaveCount(0);
});

test("a research over my files: a citation opens the file at its passage with the quote marked", async ({
  context,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  await signInViaApi(context, uniqueEmail("research-files"));
  const text = [
    "Harbour ledger, spring season.",
    "The harbour master counted forty-two schooners at the north quay in April.",
    "Tidal gauges at the south basin recorded a range of four metres during spring tides.",
    "The lighthouse keeper logged eleven nights of fog before the first of May.",
  ].join("\n\n");
  const uploaded = await context.request.post("/api/files", {
    multipart: {
      file: { name: "harbour-ledger.txt", mimeType: "text/plain", buffer: Buffer.from(text) },
    },
  });
  expect(uploaded.status()).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await context.request.get(`/api/files/${id}`)).json()) as { status: string })
          .status,
      {
        timeout: 90_000,
      },
    )
    .toBe("ready");
  const page = await context.newPage();
  await page.goto("/app/agents/deepresearch");
  await page
    .getByTestId("research-question")
    .fill("How many schooners did the harbour master count at the north quay?");
  await page.getByTestId("research-depth-quick").click();
  await page.getByTestId("research-sources-files").click();
  await page.getByTestId("research-start-now").click();
  await expect(page).toHaveURL(RESEARCH_URL);
  const report = await reportReady(page);
  const chip = report.getByTestId("research-citation").filter({
    has: page.locator('[data-verified="true"]'),
  });
  // The chip's preview quotes the words the link will mark.
  await chip.first().focus();
  const preview = page.getByTestId("research-citation-preview");
  await expect(preview.getByTestId("research-citation-quote")).not.toBeEmpty();
  const quote = (await preview.getByTestId("research-citation-quote").textContent()) ?? "";
  // A click opens the passage beside the report with the quote marked; its chat is one step on.
  await chip.first().click();
  const panel = page.getByTestId("citation-panel");
  await expect(panel.locator("mark.doc-highlight")).toHaveText(quote);
  await panel.getByRole("link", { name: "Open document chat" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/document-chat/${id}/[^?]+\\?chunk=\\d+.*&quote=`));
  expect(new URL(page.url()).searchParams.get("quote")).toBe(quote);
  // Only the quote is marked, not the whole passage around it.
  const mark = page.getByTestId("document-text").locator("mark.doc-highlight");
  await expect(mark).toHaveText(quote);
  await expect(mark).toHaveCount(1);
  await expect(page.getByTestId("document-text")).toContainText("eleven nights of fog");
});

for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
  for (const mode of ["light", "dark"] as const) {
    // Light/desktop and dark/phone in `npm test`; the full matrix nightly (E2E_FULL_MATRIX=1).
    if (!inTourMatrix(mode, viewportName, "deep-research-1")) continue;
    test(`deep research screenshots, ${mode}, ${viewportName}`, async ({
      newContext,
      uniqueEmail,
    }) => {
      test.setTimeout(180_000);
      const context = await newContext({ ...device, colorScheme: mode, deviceScaleFactor: 1 });
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      await signInViaApi(context, uniqueEmail(`research-${mode}-${viewportName}`));
      const page = await context.newPage();
      await page.goto("/app/agents/deepresearch");
      await expect(page.getByTestId("research-example").first()).toBeVisible();
      await fontsReady(page);
      await page.screenshot({
        path: path.join(SHOTS, `research-start-${mode}-${viewportName}.png`),
        animations: "disabled",
        fullPage: true,
      });
      expect(await axeViolations(page), "axe on the start page").toEqual([]);
      await page.getByTestId("research-example").first().click();
      await page.getByTestId("research-depth-quick").click();
      await page.getByTestId("research-start-now").click();
      await expect(page).toHaveURL(RESEARCH_URL);
      // The live view as its plan shows (an offline quick run is over within seconds).
      await expect(page.getByTestId("research-question-row").first()).toBeVisible();
      await page.screenshot({
        path: path.join(SHOTS, `research-live-${mode}-${viewportName}.png`),
        animations: "disabled",
      });
      await reportReady(page);
      await fontsReady(page);
      await page.screenshot({
        path: path.join(SHOTS, `research-report-${mode}-${viewportName}.png`),
        animations: "disabled",
        fullPage: true,
      });
      expect(await axeViolations(page), "axe on the report").toEqual([]);
      const overflow = Number(
        await page.evaluate(
          "document.documentElement.scrollWidth - document.documentElement.clientWidth",
        ),
      );
      const widest = await page.evaluate(`[...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(-3).map((el) => el.tagName + "." + el.className).join(" | ")`);
      expect(overflow, `no sideways scrolling (${String(widest)})`).toBe(0);
    });
  }
}
