import { askFromHome, finished, resetFakesAroundEachTest, turns } from "./support/answer-page.ts";
import { expect, test } from "./support/model-server.ts";

/**
 * Issue 38: a model's answer has its citations checked against its sources. A supported citation
 * keeps the usual chip; one its source does not support (an invented claim) is drawn dashed with a
 * "?", and its preview says "Not found in the source"; Settings can hide such sentences.
 */
resetFakesAroundEachTest();

test("verified and unverified citation chips, their previews, and hiding unsupported sentences", async ({
  page,
  modelServer,
}) => {
  modelServer.answers.push({
    kind: "text",
    text: "Passage 1 is about checked citations [1]. The moon is made of green cheese, as 12 astronauts reported [2].",
  });
  await page.setViewportSize({ width: 1000, height: 700 });
  await askFromHome(page, "checked citations");
  const turn = turns(page).first();
  await finished(turn);
  const markdown = turn.getByTestId("answer-markdown");
  const verified = markdown.locator('[data-citation="1"]');
  const unverified = markdown.locator('[data-citation="2"]');
  await expect(verified).toHaveAttribute("data-verified", "true");
  await expect(unverified).toHaveAttribute("data-verified", "false");
  await expect(unverified).toContainText("?");
  await expect(unverified).toHaveAccessibleName(/not found in the source/);

  // A preview needs a pointer that moved into the page first.
  await page.mouse.move(5, 5);
  await unverified.hover();
  const preview = page.getByTestId("citation-preview");
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId("citation-mark")).toContainText("Not found in the source");
  await page.screenshot({ path: "test-results/citation-checks-unverified.png" });
  await page.mouse.move(5, 5);
  await expect(preview).toHaveCount(0);
  await verified.hover();
  await expect(preview.getByTestId("citation-mark")).toContainText("Verified against the source");
  await expect(preview.getByTestId("citation-passage")).toContainText("Passage 1 about");
  await page.screenshot({ path: "test-results/citation-checks-verified.png" });
  await page.mouse.move(5, 5);

  // The setting hides the sentence no source supports (kept in this browser).
  await page.evaluate("window.localStorage.setItem('nexus.hideUnsupported', '1')");
  await page.reload();
  await finished(turns(page).first());
  await expect(turns(page).first().getByTestId("hidden-unsupported")).toBeVisible();
  await expect(turns(page).first().getByTestId("answer-markdown")).not.toContainText(
    "green cheese",
  );
});
