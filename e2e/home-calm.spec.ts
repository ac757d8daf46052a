import path from "node:path";
import { type Mode, STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { finished, resetFakesAroundEachTest, THREAD_URL, turns } from "./support/answer-page.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { inTourMatrix } from "./support/env.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect as baseExpect, stubExternalHosts, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/** Issue 12: a calmer home (focus chip, reasoning chip, suggestions); its tour ends on the agents hub. */
resetFakesAroundEachTest();

// The shared machine is slow at times: generous waits, never timed checks.
const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const MODES: Mode[] = ["light", "dark"];

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await fontsReady(page);
}

test("home: the focus chip chooses a mode by keyboard, the reasoning chip toggles, both reach the answer", async ({
  page,
  modelServer,
}) => {
  await page.goto("/app");
  const chip = page.getByTestId("focus-chip");
  await expect(chip).toHaveAccessibleName("Focus: Web");
  await chip.focus();
  await page.keyboard.press("Enter");
  const modes = page.getByRole("radiogroup", { name: "Focus" });
  await expect(modes.getByRole("radio")).toHaveCount(6);
  await expect(modes.getByRole("radio", { name: /Web/ })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(modes.getByRole("radio", { name: /Academic/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(modes).toBeHidden();
  await expect(chip).toBeFocused();
  await chip.click();
  await modes.getByRole("radio", { name: /Academic/ }).click();
  await expect(modes).toBeHidden();
  await expect(chip).toHaveAccessibleName("Focus: Academic");
  const reasoning = page.getByRole("switch", { name: "Reasoning" });
  await expect(reasoning).toHaveAttribute("aria-checked", "false");
  await reasoning.click();
  await expect(reasoning).toHaveAttribute("aria-checked", "true");

  // With a search provider (the fake SearXNG), suggestions come from the day's stories.
  const suggestions = page.getByTestId("news-suggestion");
  await expect(suggestions.first()).toBeVisible();
  await expect(suggestions.first()).toHaveText(/^What is the latest on .+\?$/);
  await expect(page.getByTestId("example-question")).toHaveCount(0);
  const asked = (await suggestions.first().textContent()) ?? "";
  await suggestions.first().click();
  await expect(page).toHaveURL(THREAD_URL);
  await finished(turns(page).first());
  const request = modelServer.llm.requests.find((r) =>
    JSON.stringify(r.body).includes(asked.slice(0, 30)),
  );
  expect(request, "the suggestion was asked").toBeTruthy();
  await expect(page.getByTestId("follow-up")).toContainText("Academic");
});

test("the static footer is one small line on /app", async ({ page }) => {
  await page.goto("/app");
  const footer = page.getByTestId("static-footer");
  await expect(footer).toBeVisible();
  const box = await footer.boundingBox();
  expect(box?.height ?? 1000).toBeLessThanOrEqual(60);
});

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const mode of MODES) {
    if (!inTourMatrix(mode, viewportName, "home-calm-1")) continue;
    test(`issue 12 screenshots, ${mode}, ${viewportName}`, async ({
      newContext,
      modelServer,
      uniqueEmail,
    }) => {
      test.setTimeout(240_000);
      const context = await newContext({ viewport, colorScheme: mode, deviceScaleFactor: 1 });
      await stubExternalHosts(context, modelServer.origin);
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      await signInViaApi(context, uniqueEmail(`ux2-shots-${mode}-${viewportName}`));
      const page = await context.newPage();
      const shoot = async (name: string, fullPage = true) => {
        await settle(page);
        await page.screenshot({
          path: path.join(SHOTS, `ux2-${name}-${mode}-${viewportName}.png`),
          fullPage,
          animations: "disabled",
        });
      };
      await page.goto("/app");
      await expect(page.getByTestId("news-suggestion").first()).toBeVisible();
      await shoot("home");
      await page.getByTestId("focus-chip").click();
      await shoot("home-focus-open", false);
      await page.keyboard.press("Escape");

      const box = page.getByRole("textbox", { name: "Ask anything" });
      await box.fill("How does Nexus find its sources?");
      await box.press("Enter");
      await finished(turns(page).first());
      await expect(page.getByTestId("thread-title")).toBeVisible();
      if (viewportName === "phone") {
        await shoot("thread", false);
        await page.getByTestId("open-menu").click();
        await expect(page.getByTestId("recent-thread").first()).toBeVisible();
        await shoot("drawer", false);
        await page.keyboard.press("Escape");
      } else {
        await expect(page.getByTestId("recent-thread").first()).toBeVisible();
        await shoot("thread", false);
      }
      await page.getByRole("button", { name: "Rename thread" }).click();
      await shoot("rename", false);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Share thread" }).click();
      await expect(page.getByTestId("share-url")).toBeVisible();
      await shoot("share-panel", false);
      await page.keyboard.press("Escape");
      await page.goto("/app/agents");
      await expect(page.getByTestId("preset-agent-card").first()).toBeVisible();
      await shoot("agents");
    });
  }
}
