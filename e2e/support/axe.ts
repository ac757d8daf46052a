import type AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import axeCore from "axe-core";

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** What the builder evaluates instead of axe-core's source once the page holds axe-core. */
const AXE_IN_PAGE = `if (typeof window.axe?.run !== "function") throw new Error("axe-core is not in the page");`;

/**
 * Runs axe-core as builder is configured. On a page with no frame besides the top one (every page
 * the specs audit so far) axe runs in one pass, axe.run() in the page ("legacy mode"): the same
 * rules on the same document, so the same results, without what the default adds for frames — a
 * runPartial() per frame and finishRun() in a fresh blank page, which injects axe-core twice more
 * and took about half the time of every audit (5–6 s of 8 on the loaded 2-core machine). A page
 * with an embedded frame (a video player, say) keeps the default, so cross-origin frames are
 * still audited.
 *
 * In legacy mode axe-core (580 kB of script) goes into the page once per document, here: the
 * builder evaluates its source twice per analyze() (once up front, once more to inject it), each
 * as long as a third to a half of the audit itself, and again for every audit of the same page.
 * It gets a check that axe-core is there instead (same axe-core version: the builder's own).
 */
export async function analyzeAxe(builder: AxeBuilder, page: Page): Promise<AxeResults> {
  if (page.frames().length !== 1) return builder.analyze();
  builder.setLegacyMode(true);
  if (!(await page.evaluate(`typeof window.axe?.run === "function"`)))
    await page.evaluate(axeCore.source);
  Object.assign(builder, { axeSource: AXE_IN_PAGE });
  return builder.analyze();
}
