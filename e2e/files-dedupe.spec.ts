import type { Page } from "@playwright/test";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";

/**
 * Never a duplicate upload of the same bytes (issue 24, scope 5): the same file added again in
 * Files, or attached again in the composer, is the person's existing file, and they are told.
 */

const NOTES = "# Harbour log\n\nThe north light was relit on Tuesday, after the storm.\n";

function markdown(name: string, text: string) {
  return { name, mimeType: "text/markdown", buffer: Buffer.from(text) };
}

async function openFiles(page: Page) {
  await page.goto("/app/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible({
    timeout: 30_000,
  });
}

test("the same bytes again, in Files or in the composer, reuse the file and say so", async ({
  page,
  context,
  baseURL,
  uniqueEmail,
}) => {
  await stubExternalHosts(context, baseURL ?? "");
  await signInViaApi(context, uniqueEmail("files-dedupe"));
  await openFiles(page);
  const rows = page.getByTestId("files-row");
  await page.getByTestId("files-input").setInputFiles(markdown("harbour-log.md", NOTES));
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  await expect(rows.first().getByTestId("files-row-status")).toHaveText("Ready", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("files-added")).toHaveText("1 of 30");

  // The same bytes under another name: no second row, no second upload counted.
  await page.getByTestId("files-input").setInputFiles(markdown("harbour-log copy.md", NOTES));
  await expect(page.getByText("Already in your files: harbour-log.md")).toBeVisible();
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("files-added")).toHaveText("1 of 30");

  // Attached again in the home composer: the existing file is the chip, and the person is told.
  await page.goto("/app");
  await page.getByTestId("composer-attach-input").setInputFiles(markdown("log-again.md", NOTES));
  await expect(page.getByText("Already in your files: harbour-log.md")).toBeVisible();
  await expect(page.getByTestId("composer-attachment")).toHaveCount(1);
  await expect(
    page.getByTestId("composer-attachment").getByTestId("composer-attachment-status"),
  ).toHaveText("Ready", { timeout: 30_000 });
  await page.screenshot({ path: "e2e-output/files-dedupe-composer-light.png" });
  // Taking it off the question keeps the person's file (it was theirs before).
  await page.getByRole("button", { name: "Remove harbour-log.md" }).click();
  await expect(page.getByTestId("composer-attachment")).toHaveCount(0);
  await openFiles(page);
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("files-added")).toHaveText("1 of 30");
});
