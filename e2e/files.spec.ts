import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { analyzeAxe } from "./support/axe.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { inTourMatrix } from "./support/env.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Files: upload with progress, follow to ready, ask in the Local focus, delete (the thread that
 * cited the file says so), a password-protected PDF; screenshots with axe checks.
 */

const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
/** The shared document corpus beside the repository (its MANIFEST.md says what each holds). */
const DOCUMENTS = path.resolve(REPO_ROOT, "../shared/fixtures/documents");
const PDF = "application/pdf";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const NOTES = `# Lighthouse keeping

The keeper of the Skerry light wound the clockwork every four hours through the night.
The lamp burned colza oil until 1904, when it was replaced by paraffin vapour.
`;

/** A corpus document as a file to choose (tracemonkey.pdf: ~1 MB, 14 pages). */
function document(name: string, mimeType: string) {
  return { name, mimeType, buffer: fs.readFileSync(path.join(DOCUMENTS, name)) };
}

async function openFiles(page: Page) {
  await page.goto("/app/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible({
    timeout: 30_000,
  });
}

/** Checks the page (no sideways scrolling, axe: 0 violations in the main area) and saves it. */
async function shoot(page: Page, name: string, mode: "light" | "dark") {
  await page.evaluate("window.scrollTo(0, 0)");
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await fontsReady(page);
  await expect(page.locator("html")).toHaveClass(mode === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  const overflow: unknown = await page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  );
  expect(overflow, `horizontal overflow of ${name}`).toBe(0);
  const axe = await analyzeAxe(
    new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .include("#main"),
    page,
  );
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe violations on ${name}`,
  ).toEqual([]);
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}.png`),
    fullPage: true,
    animations: "disabled",
  });
}

test.beforeEach(async ({ context, baseURL }) => {
  await stubExternalHosts(context, baseURL ?? "");
});

test("upload a PDF and a DOCX with progress, ask about them in the Local focus; a deleted file's citations say so", async ({
  page,
  context,
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(240_000);
  await signInViaApi(context, uniqueEmail("files"));
  await openFiles(page);
  await expect(page.getByTestId("files-empty")).toBeVisible();
  await expect(page.getByTestId("files-added")).toHaveText("0 of 30");

  // Slow the upload down (Chromium's network emulation) so the percentage is seen moving.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 300 * 1024,
  });
  await page
    .getByTestId("files-input")
    .setInputFiles([document("tracemonkey.pdf", PDF), document("footnotes.docx", DOCX)]);
  const progress = page.getByRole("progressbar", { name: "Uploading tracemonkey.pdf" });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const rows = page.getByTestId("files-row");
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  for (const row of await rows.all())
    await expect(row.getByTestId("files-row-status")).toHaveText("Ready", { timeout: 90_000 });
  await expect(page.getByTestId("files-added")).toHaveText("2 of 30");
  await expect(rows.filter({ hasText: "tracemonkey.pdf" })).toContainText("14 pages");
  await expect(rows.filter({ hasText: "footnotes.docx" })).toContainText("Word");

  // Search by content (the DOCX's footnote).
  await page.getByRole("searchbox", { name: "Search your files" }).fill("tachyon");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("footnotes.docx");
  await page.getByRole("searchbox", { name: "Search your files" }).fill("");
  await expect(rows).toHaveCount(2);

  // Ask in the Local focus: the offline answer cites the PDF and the page of the passage.
  await page.goto("/app");
  await page.getByTestId("focus-chip").click();
  await page
    .getByRole("radiogroup", { name: "Focus" })
    .getByRole("radio", { name: /Local/ })
    .click();
  await expect(page.getByTestId("focus-chip")).toHaveAccessibleName("Focus: Local");
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await box.fill("What is a trace tree?");
  await box.press("Enter");
  const turn = page.getByTestId("answer-turn").first();
  await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await expect(turn.getByTestId("answer-markdown")).toContainText("trace tree");
  const first = turn.getByTestId("source-card").first();
  await expect(first).toContainText(/tracemonkey\.pdf, p\. \d+/);
  await expect(first).toContainText("Your files");
  // Its link opens the passage in the document viewer (never a download).
  const page1 = /tracemonkey\.pdf, p\. (\d+)/.exec((await first.textContent()) ?? "")?.[1];
  await expect(first).toHaveAttribute(
    "href",
    // A verified citation's card opens the viewer at its quote (the checked words, marked).
    new RegExp(`^/app/document-chat/[0-9a-f-]{36}\\?chunk=\\d+&page=${page1}&quote=[^&]+$`),
  );
  const threadUrl = page.url();
  const answerText = await turn.getByTestId("answer-markdown").textContent();

  // Shared, the thread names and quotes the file for its readers but never links to it (only
  // its owner can download it).
  const made = await context.request.post("/api/shares", {
    data: { threadId: threadUrl.slice(-22) },
  });
  expect(made.ok(), "POST /api/shares").toBe(true);
  const reader = await (await newContext()).newPage();
  await reader.goto(new URL(((await made.json()) as { url: string }).url).pathname);
  const shared = reader.getByTestId("source-card").first();
  await expect(shared).toContainText(/tracemonkey\.pdf, p\. \d+/);
  await expect(shared).toContainText("Not shared");
  await expect(shared).toContainText("Author's files");
  await expect(reader.locator("[data-file-private]").first()).toBeVisible();
  await expect(reader.locator('a[href*="/api/files/"]')).toHaveCount(0);
  await reader.close();

  // Delete the PDF.
  await openFiles(page);
  await page.getByRole("button", { name: "Delete tracemonkey.pdf" }).click();
  const dialog = page.getByTestId("files-delete-dialog");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("footnotes.docx");

  // The thread that cited it keeps its text; each of its citations of the PDF says the file was
  // deleted and no longer links to the (gone) download.
  await page.goto(threadUrl);
  const restored = page.getByTestId("answer-turn").first();
  await expect(restored.getByTestId("answer-markdown")).toHaveText(answerText ?? "");
  const cards = restored.getByTestId("source-card");
  await expect(cards.first()).toContainText("File deleted");
  await expect(cards.first()).toContainText(/tracemonkey\.pdf, p\. \d+/);
  await expect(restored.locator("[data-file-deleted]").first()).toBeVisible();
  await expect(restored.locator('a[href*="/download"]')).toHaveCount(0);
  for (const card of await cards.all())
    if (((await card.textContent()) ?? "").includes("tracemonkey.pdf"))
      await expect(card).toContainText("File deleted");
  await shoot(page, "files-deleted-citation-light-desktop", "light");
});

test("a password-protected PDF asks for its password, says when it is wrong, and is read with the right one", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(context, uniqueEmail("files-locked"));
  await openFiles(page);
  await page.getByTestId("files-input").setInputFiles(document("issue6010_1.pdf", PDF));
  const row = page.getByTestId("files-row");
  await expect(row.getByTestId("files-row-status")).toHaveText("Needs password", {
    timeout: 60_000,
  });
  await expect(row.getByTestId("files-row-error")).toHaveText("This PDF is password-protected");
  const field = row.getByLabel("Password for issue6010_1.pdf");
  const unlock = row.getByRole("button", { name: "Unlock" });

  await unlock.click();
  await expect(row.getByRole("alert")).toHaveText("Enter the PDF's password.");

  await field.fill("not-the-password");
  await unlock.click();
  await expect(row.getByTestId("files-row-error")).toHaveText(
    "That password is not right for this PDF",
    { timeout: 60_000 },
  );
  await expect(row.getByTestId("files-row-status")).toHaveText("Needs password");
  // The field is there again, empty, for another try.
  await expect(field).toHaveValue("");

  await field.fill("abc");
  await unlock.click();
  await expect(row.getByTestId("files-row-status")).toHaveText("Ready", { timeout: 60_000 });
  await expect(row).toContainText("1 page");
  await expect(row.getByTestId("files-password-form")).toHaveCount(0);
  await expect(row.getByTestId("files-row-error")).toHaveCount(0);
  await expect(page.getByTestId("files-added")).toHaveText("1 of 30");
});

test("a file that is not a document is refused with a clear reason", async ({
  page,
  context,
  uniqueEmail,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 415/);
  await signInViaApi(context, uniqueEmail("files-refused"));
  await openFiles(page);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  await page
    .getByTestId("files-input")
    .setInputFiles({ name: "photo.txt", mimeType: "text/plain", buffer: png });
  await expect(page.getByTestId("files-upload").getByRole("alert")).toContainText(
    "This file type is not supported.",
  );
  await expect(page.getByTestId("files-empty")).toBeVisible();
});

// Light on the desktop and dark on the phone in `npm test`, all four in `npm run test:nightly`
// (inTourMatrix).
test("screenshots of the files page: light and dark, desktop and phone", async ({
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  // One sign-in (the per-address link limit), its cookie reused by every viewport and mode.
  const first = await newContext();
  await signInViaApi(first, uniqueEmail("files-shots"));
  const storageState = await first.storageState();
  // The files are uploaded in the first combination the run takes (one in `npm test`).
  let uploaded = false;
  for (const mode of ["light", "dark"] as const) {
    for (const [viewportName, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      if (!inTourMatrix(mode, viewportName, "files-1")) continue;
      const context = await newContext({
        viewport,
        colorScheme: mode,
        deviceScaleFactor: 1,
        storageState,
      });
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      const page = await context.newPage();
      await openFiles(page);
      if (!uploaded) {
        uploaded = true;
        await page.getByTestId("files-input").setInputFiles([
          { name: "skerry-light.md", mimeType: "text/markdown", buffer: Buffer.from(NOTES) },
          {
            name: "harbour-prices.csv",
            mimeType: "text/csv",
            buffer: Buffer.from("fish,price\ncod,9\n"),
          },
          document("issue6010_1.pdf", PDF),
        ]);
      }
      // Two ready files and a PDF waiting for its password (its field is part of the page).
      const statuses = page.getByTestId("files-row-status");
      await expect(statuses).toHaveCount(3, { timeout: 30_000 });
      await expect(statuses.filter({ hasText: "Ready" })).toHaveCount(2, { timeout: 60_000 });
      await expect(statuses.filter({ hasText: "Needs password" })).toHaveCount(1, {
        timeout: 60_000,
      });
      await expect(page.getByTestId("files-password-form")).toBeVisible();
      await shoot(page, `files-${mode}-${viewportName}`, mode);
      await context.close();
    }
  }
});
