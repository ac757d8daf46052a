import type AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/**
 * Runs axe-core as builder is configured. On a page with no frame besides the top one (every page
 * the specs audit so far) axe runs in one pass, axe.run() in the page ("legacy mode"): the same
 * rules on the same document, so the same results, without what the default adds for frames — a
 * runPartial() per frame and finishRun() in a fresh blank page, which injects axe-core twice more
 * and took about half the time of every audit (5–6 s of 8 on the loaded 2-core machine). A page
 * with an embedded frame (a video player, say) keeps the default, so cross-origin frames are
 * still audited.
 */
export async function analyzeAxe(builder: AxeBuilder, page: Page): Promise<AxeResults> {
  if (page.frames().length === 1) builder.setLegacyMode(true);
  return builder.analyze();
}
