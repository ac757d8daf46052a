import path from "node:path";
import { fontsReady } from "./support/browser-storage.ts";
import { seedUsage } from "./support/db.ts";
import { expect as baseExpect, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/** Issue 43, scope 5: a free account sees what it has left on the research page, before planning. */
const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

test("the research page says how many agent chats are left before planning, for a free account", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signInViaApi(context, uniqueEmail("research-quota"));
  const period = new Date().toISOString().slice(0, 7);
  const seed = (agentUsage: number) =>
    seedUsage({ userId: user.userId, period, search: 0, addFiles: 0, agentUsage });
  await seed(1);
  await page.goto("/app/agents/deepresearch");
  const note = page.getByTestId("quota-up-front");
  await expect(note).toHaveText("4 of 5 agent chats left this month · a research run uses one");
  await note.scrollIntoViewIfNeeded();
  await expect(page.getByTestId("research-make-plan")).toBeVisible();
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "research-quota-up-front-phone.png") });
  await seed(5);
  await page.reload();
  await expect(note).toHaveText("No agent chats left this month: a research run uses one");
});
