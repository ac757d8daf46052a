import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { presetLocalStorage } from "./support/browser-storage.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/** Files: upload with progress, follow to ready, ask in the Local focus, delete; screenshots. */

const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

const NOTES = `# Lighthouse keeping

The keeper of the Skerry light wound the clockwork every four hours through the night.
The lamp burned colza oil until 1904, when it was replaced by paraffin vapour.
`;

/** ~1.2 MB of text, so the upload takes long enough (throttled) for its percentage to show. */
function largeText(): string {
  const line = "Tide tables for the harbour approach, measured at the north pier each morning.\n";
  return line.repeat(Math.ceil(1_200_000 / line.length));
}

async function openFiles(page: Page) {
  await page.goto("/app/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible({
    timeout: 30_000,
  });
}

test.beforeEach(async ({ context, baseURL }) => {
  await stubExternalHosts(context, baseURL ?? "");
});

test("upload text and Markdown with progress, ask about them in the Local focus, delete one", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(150_000);
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
    uploadThroughput: 400 * 1024,
  });
  await page.getByTestId("files-input").setInputFiles([
    { name: "skerry-light.md", mimeType: "text/markdown", buffer: Buffer.from(NOTES) },
    { name: "tide-tables.txt", mimeType: "text/plain", buffer: Buffer.from(largeText()) },
  ]);
  const progress = page.getByRole("progressbar", { name: "Uploading tide-tables.txt" });
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
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  for (const row of await rows.all())
    await expect(row.getByTestId("files-row-status")).toHaveText("Ready", { timeout: 20_000 });
  await expect(page.getByTestId("files-added")).toHaveText("2 of 30");
  await expect(rows.filter({ hasText: "skerry-light.md" })).toContainText("Markdown");

  // Search by content.
  await page.getByRole("searchbox", { name: "Search your files" }).fill("colza oil");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("skerry-light.md");
  await page.getByRole("searchbox", { name: "Search your files" }).fill("");
  await expect(rows).toHaveCount(2);

  // Ask in the Local focus: the offline answer cites the file and its page.
  await page.goto("/app");
  await page.getByTestId("focus-chip").click();
  await page
    .getByRole("radiogroup", { name: "Focus" })
    .getByRole("radio", { name: /Local/ })
    .click();
  await expect(page.getByTestId("focus-chip")).toHaveAccessibleName("Focus: Local");
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await box.fill("What oil did the Skerry lamp burn?");
  await box.press("Enter");
  const turn = page.getByTestId("answer-turn").first();
  await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 20_000 });
  await expect(turn.getByTestId("sources-strip")).toContainText("skerry-light.md, p. 1");
  await expect(turn.getByTestId("answer-markdown")).toContainText("colza oil");

  // Delete the Markdown file.
  await openFiles(page);
  await page.getByRole("button", { name: "Delete skerry-light.md" }).click();
  const dialog = page.getByTestId("files-delete-dialog");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("tide-tables.txt");
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

test("screenshots of the files page: light and dark, desktop and phone", async ({
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  // One sign-in (the per-address link limit), its cookie reused by every viewport and mode.
  const first = await newContext();
  await signInViaApi(first, uniqueEmail("files-shots"));
  const storageState = await first.storageState();
  for (const mode of ["light", "dark"] as const) {
    for (const [viewportName, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const context = await newContext({
        viewport,
        colorScheme: mode,
        deviceScaleFactor: 1,
        storageState,
      });
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      const page = await context.newPage();
      await openFiles(page);
      if (mode === "light" && viewportName === "desktop") {
        await page.getByTestId("files-input").setInputFiles([
          { name: "skerry-light.md", mimeType: "text/markdown", buffer: Buffer.from(NOTES) },
          {
            name: "harbour-prices.csv",
            mimeType: "text/csv",
            buffer: Buffer.from("fish,price\ncod,9\n"),
          },
        ]);
      }
      const statuses = page.getByTestId("files-row-status");
      await expect(statuses).toHaveCount(2, { timeout: 20_000 });
      for (const status of await statuses.all()) await expect(status).toHaveText("Ready");
      await expect(page.locator("html")).toHaveClass(
        mode === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
      );
      await page.screenshot({
        path: path.join(SCREENSHOTS, `files-${mode}-${viewportName}.png`),
        fullPage: true,
        animations: "disabled",
      });
      await context.close();
    }
  }
});
