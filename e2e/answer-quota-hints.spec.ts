import { periodKey, STORAGE_KEYS, TIER_LIMITS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { finished, resetFakesAroundEachTest, turns } from "./support/answer-page.ts";
import { presetLocalStorage } from "./support/browser-storage.ts";
import { seedAnonymousSearches, seedUsage } from "./support/db.ts";
import { failedResource, signInViaApi } from "./support/fixtures.ts";
import { expect, test } from "./support/model-server.ts";

/**
 * Quota you can see coming in the answer composers (issue 24, scope 6): "N searches left" on the
 * home box and the follow-up box once fewer than 3 remain, the count following each answer, and a
 * follow-up refused at the limit kept in the box under its limit card.
 */
resetFakesAroundEachTest();

const homeBox = (page: Page) => page.getByRole("textbox", { name: "Ask anything" });
const followUpBox = (page: Page) => page.getByRole("textbox", { name: "Ask a follow-up" });
const searchHint = (page: Page) =>
  page.locator('[data-testid="quota-left"][data-counter="search"]');

for (const [mode, viewport] of [
  ["light", { width: 1280, height: 800 }],
  ["dark", { width: 390, height: 844 }],
] as const) {
  test(`searches: the home and follow-up hints count down, a refused follow-up stays in the box (${mode})`, async ({
    page,
    context,
    uniqueEmail,
    modelServer,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(429)); // the refused follow-up, shown as the limit card
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: mode });
    const user = await signInViaApi(context, uniqueEmail(`answer-hints-${mode}`));
    const limit = TIER_LIMITS.free.search;
    const seed = (search: number) =>
      seedUsage({
        userId: user.userId,
        period: periodKey("monthly", new Date()),
        search,
        addFiles: 0,
        agentUsage: 0,
        dataDir: modelServer.dataDir,
      });

    // Three left: no hint yet.
    await seed(limit - 3);
    await page.goto("/app");
    await expect(homeBox(page)).toBeVisible();
    await expect(page.getByTestId("quota-left")).toHaveCount(0);

    await seed(limit - 2);
    await page.reload();
    await expect(searchHint(page)).toHaveText("2 searches left this month");
    await page.screenshot({ path: `e2e-output/answer-hint-home-${mode}.png` });

    await homeBox(page).fill("What is a lighthouse?");
    await homeBox(page).press("Enter");
    await finished(turns(page).first());
    // The answer used one: the follow-up box counts it.
    await expect(searchHint(page)).toHaveText("1 search left this month");
    await page.screenshot({ path: `e2e-output/answer-hint-follow-up-${mode}.png` });

    // Used up meanwhile: the follow-up is refused, its card shown, its text back in the box.
    await seed(limit);
    await followUpBox(page).fill("And who keeps it?");
    await followUpBox(page).press("Enter");
    const card = page.getByTestId("quota-limit");
    await expect(card).toContainText(`You've used all ${limit} searches for this month`);
    await expect(followUpBox(page)).toHaveValue("And who keeps it?");
    await expect(searchHint(page)).toHaveText("No searches left this month");
    await page.screenshot({ path: `e2e-output/answer-hint-refused-${mode}.png` });

    // Room again (a new month, a new plan): sending from the box replaces the refused turn.
    await seed(0);
    await followUpBox(page).press("Enter");
    await expect(card).toHaveCount(0);
    await expect(turns(page)).toHaveCount(2);
    await finished(turns(page).nth(1));
    await expect(turns(page).nth(1)).toContainText("And who keeps it?");
  });
}

test("an anonymous visitor sees the searches left today, never file uploads", async ({
  page,
  context,
  modelServer,
}) => {
  const anonId = `anon_${Date.now()}_hintse2e${test.info().workerIndex}`;
  await presetLocalStorage(context, { [STORAGE_KEYS.anonId]: anonId });
  const limit = TIER_LIMITS.anonymous.search;
  await seedAnonymousSearches({
    dataDir: modelServer.dataDir,
    anonId,
    period: periodKey("daily", new Date()),
    search: limit - 2,
  });
  await page.goto("/app");
  await expect(searchHint(page)).toHaveText("2 searches left today");
  await expect(page.getByTestId("quota-left")).toHaveCount(1);
});
