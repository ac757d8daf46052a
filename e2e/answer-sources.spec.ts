import type { Locator, Page } from "@playwright/test";
import { askFromHome, finished, resetFakesAroundEachTest, turns } from "./support/answer-page.ts";
import { expect, stubExternalHosts, test } from "./support/model-server.ts";

/** Citation previews, the sources sheet and copying an answer with its sources. */
resetFakesAroundEachTest();

const PHONE = { width: 390, height: 844 };

async function scrollWidth(page: Page): Promise<number> {
  return Number(await page.evaluate("document.documentElement.scrollWidth"));
}

/** The element's box lies inside the viewport. */
async function expectInViewport(locator: Locator, viewport: { width: number; height: number }) {
  const box = await locator.boundingBox();
  expect(box, "a rendered box").not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/** Two animation frames: whatever a scroll or a reflow was going to do has been done. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))",
  );
}

test("phone with touch: tapping each citation opens its source in a sheet on screen; the page never widens", async ({
  newContext,
  modelServer,
}) => {
  const context = await newContext({
    baseURL: modelServer.origin,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
  });
  await stubExternalHosts(context, modelServer.origin);
  const page = await context.newPage();
  await askFromHome(page, "How does Nexus cite its sources?");
  const turn = turns(page).first();
  await finished(turn);
  expect(await scrollWidth(page)).toBe(PHONE.width);

  const chips = turn.getByTestId("answer-markdown").locator("[data-citation]");
  await expect(chips).toHaveCount(4);
  const sheet = page.getByTestId("citation-sheet");
  for (const [index, chip] of (await chips.all()).entries()) {
    const n = await chip.getAttribute("data-citation");
    await chip.tap();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("heading", { name: `Source ${n}` })).toBeVisible();
    await expect(sheet).toContainText(`Result ${n}`);
    await expect(sheet).toContainText(`site${n}.example.org`);
    await expect(sheet.getByRole("link", { name: "Open source" })).toHaveAttribute(
      "href",
      `https://site${n}.example.org/article`,
    );
    await expectInViewport(sheet, PHONE);
    expect(await scrollWidth(page), `after tapping chip ${n}`).toBe(PHONE.width);
    expect(page.url(), "the tap did not leave the answer").toContain("/app/search/");
    // Escape closes one, a tap outside the next.
    if (index % 2 === 0) await page.keyboard.press("Escape");
    else await page.touchscreen.tap(PHONE.width / 2, 40);
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId("citation-preview")).toHaveCount(0);
  }
  expect(await scrollWidth(page)).toBe(PHONE.width);
});

test("desktop: a citation's hover or focus preview stays on screen, Escape closes it, and a reflow opens none", async ({
  page,
}) => {
  const viewport = { width: 1280, height: 800 };
  await askFromHome(page, "What does a citation preview show?");
  const turn = turns(page).first();
  await finished(turn);
  const chip = turn.getByTestId("answer-markdown").locator("[data-citation]").first();
  const preview = page.getByTestId("citation-preview");

  // Hover: the card opens beside the chip, inside the viewport, and Escape closes it. (The mouse
  // first enters the page: a preview needs a pointer that moved, not one that was just there.)
  await page.mouse.move(5, 5);
  await chip.hover();
  await expect(preview).toBeVisible();
  await expect(preview).toContainText("Result 1");
  await expect(preview).toContainText("Passage 1 about");
  await expectInViewport(preview, viewport);
  await page.keyboard.press("Escape");
  await expect(preview).toHaveCount(0);
  // It stays closed while the pointer rests on the chip…
  const box = await chip.boundingBox();
  if (!box) throw new Error("the chip has no box");
  await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2);
  await expect(preview).toHaveCount(0);
  // …and opens again once the pointer has left and come back.
  await page.mouse.move(5, 5);
  await chip.hover();
  await expect(preview).toBeVisible();
  await page.mouse.move(5, 5);
  await expect(preview).toHaveCount(0);

  // The chip scrolled to the very top: its card flips below rather than being cut off.
  const top = (await chip.boundingBox())?.y ?? 0;
  await page.evaluate(`window.scrollBy(0, ${top - 4})`);
  await chip.hover();
  await expect(preview).toHaveAttribute("data-side", "below");
  await expectInViewport(preview, viewport);
  await page.mouse.move(5, 5);
  await expect(preview).toHaveCount(0);

  // Keyboard focus previews too (WCAG 1.4.13), and Escape dismisses it without moving the focus.
  await chip.focus();
  await expect(preview).toBeVisible();
  await expect(chip).toHaveAttribute("aria-describedby", /.+/);
  await page.keyboard.press("Escape");
  await expect(preview).toHaveCount(0);
  await expect(chip).toBeFocused();
  await chip.blur();

  // A reflow that brings a chip under a resting pointer opens nothing: find where the chip lands
  // when a block is added above it, rest the pointer there, then add the block.
  await page.evaluate("window.scrollTo(0, 0)");
  const reflow = (add: boolean) =>
    page.evaluate(
      `document.querySelector("[data-testid='answer-markdown']").style.paddingTop = "${add ? "60px" : ""}"`,
    );
  // Each change is drawn before the next step: read at once, the chip's box can still be the one
  // before the change (seen in Chromium 156), and a move before the frame meets the old layout.
  await reflow(true);
  await nextFrames(page);
  const landing = await chip.boundingBox();
  await reflow(false);
  await nextFrames(page);
  if (!landing) throw new Error("the chip has no box");
  expect(landing.y, "the block moves the chip down").toBeGreaterThan(
    ((await chip.boundingBox())?.y ?? 0) + 30,
  );
  const rest = { x: landing.x + landing.width / 2, y: landing.y + landing.height / 2 };
  await page.mouse.move(rest.x, rest.y);
  await expect(preview).toHaveCount(0);
  await reflow(true);
  await nextFrames(page);
  expect(await chip.boundingBox()).toEqual(landing);
  await nextFrames(page);
  await expect(preview).toHaveCount(0);
  // Only a real movement of the mouse opens it.
  await page.mouse.move(rest.x + 1, rest.y);
  await expect(preview).toBeVisible();
});

test('"+N more" opens every source with its whole snippet in a side sheet; the strip stays as it was', async ({
  page,
}) => {
  await askFromHome(page, "Which sources were read?");
  const turn = turns(page).first();
  await finished(turn);
  const strip = turn.getByTestId("sources-strip");
  const cards = strip.getByTestId("source-card");
  await expect(cards).toHaveCount(4);
  const stripBox = await strip.boundingBox();
  const more = strip.getByRole("button", { name: /^Show \d+ more sources$/ });
  const hidden = Number((await more.getAttribute("aria-label"))?.match(/\d+/)?.[0]);
  expect(hidden).toBeGreaterThan(0);
  await more.click();

  const sheet = page.getByTestId("sources-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("heading", { name: `${4 + hidden} sources` })).toBeVisible();
  const items = sheet.locator("[data-sheet-source]");
  await expect(items).toHaveCount(4 + hidden);
  for (const [index, item] of (await items.all()).entries()) {
    const n = index + 1;
    await expect(item).toHaveAttribute("data-sheet-source", String(n));
    await expect(item).toHaveAttribute("href", `https://site${n}.example.org/article`);
    await expect(item).toContainText(`Result ${n}`);
    await expect(item).toContainText(`site${n}.example.org`);
    await expect(item).toContainText(`Passage ${n} about Which sources were read?`);
  }
  await expectInViewport(sheet, { width: 1280, height: 800 });
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expect(more).toBeFocused();
  // The strip did not grow or reflow.
  await expect(cards).toHaveCount(4);
  expect(await strip.boundingBox()).toEqual(stripBox);
});
