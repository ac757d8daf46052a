import path from "node:path";
import { type Mode, STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { VerificationModal } from "./pages/verification-modal.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { expect, requestLinkViaApi, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const MODES: Mode[] = ["light", "dark"];

/** Waits until the page has settled: no spinner, no skeleton, fonts loaded. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await fontsReady(page);
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const mode of MODES) {
    test(`screenshots, ${mode}, ${viewportName}`, async ({ newContext, uniqueEmail, request }) => {
      test.setTimeout(60_000);
      const options = { viewport, colorScheme: mode, deviceScaleFactor: 1 } as const;
      const context = await newContext(options);
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      const shoot = async (page: Page, name: string) => {
        await settle(page);
        if (mode === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${name}-${mode}-${viewportName}.png`),
          fullPage: true,
          animations: "disabled",
        });
      };
      const page = await context.newPage();
      await page.goto("/");
      await shoot(page, "landing");

      await signInViaApi(context, uniqueEmail(`shots-${mode}-${viewportName}`));
      const screens = [
        ["app", "/app"],
        ["settings", "/app/settings"],
        ["usage", "/app/usage"],
        ["subscription-plans", "/app/subscription-plans"],
      ] as const;
      for (const [name, route] of screens) {
        await page.goto(route);
        await expect(page.getByRole("main")).toBeVisible();
        await shoot(page, name);
      }

      // The verification modal: a link opened in a browser with no stored address.
      const link = await requestLinkViaApi(request, uniqueEmail(`shots-modal-${mode}`));
      const fresh = await newContext(options);
      await presetLocalStorage(fresh, { [STORAGE_KEYS.mode]: mode });
      const modalPage = await fresh.newPage();
      await modalPage.goto(link);
      await expect(new VerificationModal(modalPage).dialog).toBeVisible();
      await shoot(modalPage, "verification-modal");
    });
  }
}
