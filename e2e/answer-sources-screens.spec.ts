import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { askFromHome, finished, turns } from "./support/answer-page.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { inTourMatrix } from "./support/env.ts";
import { expect, stubExternalHosts, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/** Screenshots of the answer's sources and media states, light and dark, desktop and phone. */
const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;

for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
  for (const mode of ["light", "dark"] as const) {
    if (!inTourMatrix(mode, viewportName, "answer-sources-screens-1")) continue;
    test(`answer sources screenshots, ${mode}, ${viewportName}`, async ({
      newContext,
      modelServer,
    }) => {
      test.setTimeout(180_000);
      const context = await newContext({
        ...device,
        baseURL: modelServer.origin,
        colorScheme: mode,
        deviceScaleFactor: 1,
      });
      await stubExternalHosts(context, modelServer.origin);
      // The player is a page, not an image: a blank one stands in for YouTube's.
      await context.route("https://www.youtube-nocookie.com/**", (route) =>
        route.fulfill({
          status: 200,
          contentType: "text/html",
          body: "<!doctype html><title>Player</title>",
        }),
      );
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      const page = await context.newPage();
      const shoot = async (name: string, fullPage = false, idle = true) => {
        // The inline player's frame never goes network-idle: its shot waits for the frame instead.
        if (idle) await page.waitForLoadState("networkidle");
        await fontsReady(page);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${name}-${mode}-${viewportName}.png`),
          fullPage,
          animations: "disabled",
        });
      };
      const scrollWidth = async (p: Page) =>
        Number(await p.evaluate("document.documentElement.scrollWidth"));
      const videos = modelServer.searxng.corpus.videos ?? [];
      modelServer.searxng.corpus.videos = [
        {
          url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          title: "Nexus in five minutes",
          thumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
          template: "videos.html",
          engine: "youtube",
        },
        ...videos,
      ];
      try {
        await askFromHome(page, "How does Nexus find and cite its sources?");
        const turn = turns(page).first();
        await finished(turn);
        await shoot("answer-sources", true);
        const chip = turn.getByTestId("answer-markdown").locator("[data-citation]").nth(1);
        if (viewportName === "phone") {
          await chip.tap();
          await expect(page.getByTestId("citation-sheet")).toBeVisible();
          expect(await scrollWidth(page)).toBe(390);
          await shoot("citation-sheet");
          await page.keyboard.press("Escape");
        } else {
          await page.mouse.move(5, 5);
          await chip.hover();
          await expect(page.getByTestId("citation-preview")).toBeVisible();
          await shoot("citation-preview");
          await page.mouse.move(5, 5);
          await turn.getByTestId("source-card").nth(1).hover();
          await expect(page.getByTestId("source-preview")).toBeVisible();
          await shoot("source-preview");
          await page.mouse.move(5, 5);
        }
        await turn.getByRole("button", { name: /^Show \d+ more sources$/ }).click();
        await expect(page.getByTestId("sources-sheet")).toBeVisible();
        await shoot("sources-sheet");
        await page.keyboard.press("Escape");
        const media = turn.getByTestId("media-panel");
        await media.getByRole("button", { name: /^Play video/ }).click();
        await expect(media.locator("iframe")).toBeVisible();
        await media.scrollIntoViewIfNeeded();
        await shoot("video-inline", false, false);
      } finally {
        modelServer.searxng.corpus.videos = videos;
      }
    });
  }
}
