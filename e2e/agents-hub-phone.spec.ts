import path from "node:path";
import { resetFakesAroundEachTest } from "./support/answer-page.ts";
import { fontsReady } from "./support/browser-storage.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect as baseExpect, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 43, scope 4: the agents hub on a phone. Preset agents are on the first screen (not only
 * the specialists and the chips), search finds what an agent or a specialist can do ("pdf",
 * "document"), and the chosen category is in the URL.
 */
resetFakesAroundEachTest();

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const PHONE = { width: 390, height: 844 };

test("on a phone the hub shows agents on its first screen, finds pdf and document, keeps the category in the URL", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await page.setViewportSize(PHONE);
  await signInViaApi(context, uniqueEmail("agents-hub-phone"));
  await page.goto("/app/agents");
  const cards = page.getByTestId("preset-agent-card");
  await expect(cards.first()).toBeVisible();
  // The first card is inside the first screen, without scrolling: its whole box above the fold.
  expect(Number(await page.evaluate("window.scrollY"))).toBe(0);
  const first = await cards.first().boundingBox();
  expect(first).not.toBeNull();
  expect((first?.y ?? PHONE.height) + (first?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
  // The specialists are one line that scrolls sideways, not a column of big cards.
  const specialists = page.getByTestId("specialists").getByTestId("specialist-card");
  const boxes = await Promise.all(
    [0, 1].map(async (i) => (await specialists.nth(i).boundingBox())?.y ?? -1),
  );
  expect(boxes[0]).toBe(boxes[1]);
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "agents-hub-first-screen-phone.png") });

  // Capability search: "pdf" lists document chat; "document" lists it and URL Q&A.
  const search = page.getByRole("searchbox", { name: "Search agents" });
  const matches = page.getByTestId("specialist-matches").getByTestId("specialist-card");
  await search.fill("pdf");
  await expect(matches.first()).toContainText("Document chat");
  await expect(page.getByTestId("agents-no-match")).toHaveCount(0);
  await search.fill("document");
  await expect(matches.first()).toContainText("Document chat");
  await expect(
    page.locator('[data-testid="preset-agent-card"][data-agent-id="url-qa"]'),
  ).toBeVisible();
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "agents-hub-search-document-phone.png") });
  await matches.first().click();
  await expect(page).toHaveURL(/\/app\/files$/);
  await page.goBack();

  // The category is in the URL: chosen, reloaded, and opened from a link.
  await search.fill("");
  const chips = page.getByRole("group", { name: "Categories" });
  await chips.getByRole("button", { name: "Code" }).click();
  await expect(page).toHaveURL(/\/app\/agents\?category=code$/);
  await expect(cards).toHaveCount(2);
  await page.reload();
  await expect(chips.getByRole("button", { name: "Code" })).toHaveAttribute("aria-pressed", "true");
  await expect(cards).toHaveCount(2);
  await page.goto("/app/agents?category=wellbeing");
  await expect(chips.getByRole("button", { name: "Wellbeing" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(
    page.locator('[data-testid="preset-agent-card"][data-agent-id="companion"]'),
  ).toBeVisible();
});
