import crypto from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  ask,
  finished,
  resetFakesAroundEachTest,
  streamedRequests,
  turns,
} from "./support/answer-page.ts";
import { withServerDatabase } from "./support/db.ts";
import { inModeMatrix } from "./support/env.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect, type ModelServer, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Personal settings end to end on the model server: instructions written in Settings reach the
 * model's system message, and "What the model is told" shows exactly what was added; in History,
 * rename, pin and select-to-delete, all kept after a reload. Screenshots in light and dark.
 */

const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

resetFakesAroundEachTest();

/** Full-page screenshots: one mode per name in `npm test`, both nightly (inModeMatrix). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const mode of ["light", "dark"] as const) {
    if (!inModeMatrix(mode, name)) continue;
    await page.emulateMedia({ colorScheme: mode });
    await page.screenshot({
      path: path.join(SHOTS, `${name}-${mode}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function seedThreads(modelServer: ModelServer, userId: string, queries: string[]) {
  const now = Date.now();
  await withServerDatabase(async (client) => {
    for (const [i, query] of queries.entries())
      await client.query(
        `insert into search_history (id, user_id, thread_id, timestamp, query, focus_mode, results)
         values ($1, $2, $3, $4, $5, 'web', $6)`,
        [
          crypto.randomBytes(12).toString("hex"),
          userId,
          crypto.randomBytes(11).toString("hex"),
          new Date(now - (queries.length - i) * 60_000).toISOString(),
          query,
          JSON.stringify({ markdown: `An answer about ${query}.`, sources: [] }),
        ],
      );
  }, modelServer.dataDir);
}

test("personal instructions reach the model, and Settings shows exactly what it is told", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("personal"));
  await page.goto("/app/settings");
  const box = page.getByRole("textbox", { name: "About you and how to answer" });
  await box.fill("I am a marine biologist.\nKeep answers short and give one example.");
  await expect(page.getByTestId("personal-counter")).toHaveText("65 / 1500 characters");
  await page.getByRole("button", { name: "Save instructions" }).click();
  await expect(page.getByText("Instructions saved.")).toBeVisible();

  await ask(page, "How do tides work?");
  await finished(turns(page).first());
  const system = String(
    streamedRequests(modelServer)
      .at(-1)
      ?.messages.find((m) => m.role === "system")?.content,
  );
  expect(system).toContain("  I am a marine biologist.\n  Keep answers short");

  await page.goto("/app/settings");
  await page.getByText("What the model is told").click();
  const told = page.getByTestId("model-told-text");
  await expect(told).toContainText("I am a marine biologist.");
  // The disclosure is the exact end of the system message the model received.
  expect(system.endsWith(`\n\n${await told.textContent()}`)).toBe(true);
  await page.getByTestId("model-told").scrollIntoViewIfNeeded();
  await shoot(page, "personal-settings");
});

test("history: rename, pin and delete several threads; all kept after a reload", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  const user = await signInViaApi(context, uniqueEmail("history-tools"));
  await seedThreads(modelServer, user.userId, ["Oldest tides", "Middle moons", "Newest waves"]);
  await page.goto("/app/history");
  const rows = page.getByTestId("history-thread");
  await expect(rows).toHaveCount(3);

  // Rename in place.
  await page.getByRole("button", { name: "Rename thread: Oldest tides" }).click();
  const title = page.getByTestId("rename-form").getByRole("textbox", { name: "Thread title" });
  await title.fill("Tides, renamed");
  await title.press("Enter");
  await expect(page.getByText("Thread renamed.")).toBeVisible();

  // Pin it: first in History (under Pinned) and in the sidebar's Recent, marked.
  await page.getByRole("button", { name: "Pin thread: Tides, renamed" }).click();
  await expect(page.getByTestId("history-group").first()).toHaveText("Pinned");
  await expect(rows.first()).toContainText("Tides, renamed");
  await expect(page.getByTestId("recent-thread").first()).toContainText("Tides, renamed");
  await expect(page.getByTestId("recent-thread-pinned")).toHaveCount(1);

  // Pick two (one with the keyboard) and delete them in one confirmed step.
  await page.getByRole("checkbox", { name: "Select thread: Newest waves" }).check();
  await page.getByRole("checkbox", { name: "Select thread: Middle moons" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("history-selected-count")).toHaveText("2 selected");
  await shoot(page, "history-tools");
  await page.getByTestId("history-delete-selected").click();
  await page
    .getByTestId("delete-threads-dialog")
    .getByRole("button", { name: "Delete 2 threads" })
    .click();
  await expect(rows).toHaveCount(1);

  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-pinned", "true");
  await expect(rows.first()).toContainText("Tides, renamed");
  await expect(page.getByText("Newest waves")).toHaveCount(0);
  await expect(page.getByText("Middle moons")).toHaveCount(0);
  await expect(page.getByTestId("recent-thread").first()).toContainText("Tides, renamed");
  await expect(page.getByTestId("recent-thread-pinned")).toHaveCount(1);
});
