import type { Page } from "@playwright/test";
import { resetFakesAroundEachTest } from "./support/answer-page.ts";
import { seedUsage } from "./support/db.ts";
import { failedResource, signInViaApi } from "./support/fixtures.ts";
import { expect, test } from "./support/model-server.ts";

/** Quota you can see coming (issue 24, scope 6): the "left" hint, the card, the kept message. */
resetFakesAroundEachTest();

const box = (page: Page) => page.getByRole("textbox", { name: "Message Maya" });

for (const [mode, viewport] of [
  ["light", { width: 1280, height: 800 }],
  ["dark", { width: 390, height: 844 }],
] as const) {
  test(`agent chats: the hint at 2 left, the card names agent chats, the message stays (${mode})`, async ({
    page,
    context,
    uniqueEmail,
    modelServer,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(429)); // the refused request, shown as the limit card
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: mode });
    const user = await signInViaApi(context, uniqueEmail(`agents-quota-${mode}`));
    const period = new Date().toISOString().slice(0, 7);
    const seed = (agentUsage: number) =>
      seedUsage({
        userId: user.userId,
        period,
        search: 0,
        addFiles: 0,
        agentUsage,
        dataDir: modelServer.dataDir,
      });
    await seed(3);
    await page.goto("/app/agents/maya");
    await expect(page.getByTestId("quota-left")).toHaveText("2 agent chats left this month");
    await page.screenshot({ path: `e2e-output/agents-quota-hint-${mode}.png` });

    await seed(5);
    await page.reload();
    await expect(page.getByTestId("quota-left")).toHaveText("No agent chats left this month");
    const before = modelServer.llm.requests.length;
    await box(page).fill("Plan my week");
    await box(page).press("Enter");
    const card = page.getByTestId("quota-limit");
    await expect(card).toContainText("You've used all 5 agent chats for this month");
    await expect(card).toContainText(
      "Follow-ups in a conversation you already started do not count",
    );
    await expect(card).not.toContainText("searches");
    await expect(box(page)).toHaveValue("Plan my week");
    expect(modelServer.llm.requests.length).toBe(before);
    await page.screenshot({ path: `e2e-output/agents-quota-card-${mode}.png` });
  });
}
