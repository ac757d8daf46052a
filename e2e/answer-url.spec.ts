import { askFromHome, expectAnswer, finished, turns } from "./support/answer-page.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { startPageStandIn, TIDES_PAGE_TEXT } from "./support/page-stand-in.ts";

/**
 * A URL pasted into the home question box is read (issue 24, scope 7). The main E2E server has no
 * model and no search provider: the offline engine answers by quoting the page it read; the page
 * is served on 127.0.0.7, which the server allows with WEB_FETCH_ALLOW_ADDRESSES.
 */

test("a pasted URL is the answer's first source and the answer quotes it", async ({
  page,
  context,
  uniqueEmail,
}) => {
  const pages = await startPageStandIn();
  try {
    await signInViaApi(context, uniqueEmail("answer-url"));
    const url = pages.url("/tides");
    await askFromHome(page, url);
    const turn = turns(page).first();
    await finished(turn);
    const first = turn.getByTestId("source-card").first();
    await expect(first).toHaveAttribute("href", url);
    await expect(turn.getByTestId("sources-strip")).toContainText("Tides explained");
    await expectAnswer(turn, TIDES_PAGE_TEXT);
    await expect(
      turn.getByTestId("answer-markdown").locator("[data-citation]").first(),
    ).toBeVisible();
    expect(pages.hits).toContain("/tides");
    await expect(turn.getByTestId("answer-unread")).toHaveCount(0);
  } finally {
    await pages.close();
  }
});

test("a URL that cannot be read is named as not read, and is not a source", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("answer-url-unread"));
  // A private address: web-fetch refuses it, so the page is never read.
  await askFromHome(page, "How do I connect Ollama? http://10.255.255.1/setup");
  const turn = turns(page).first();
  await finished(turn);
  await expect(turn.getByTestId("answer-unread")).toContainText(
    "http://10.255.255.1/setup — 10.255.255.1 could not be reached: this server does not read private or local addresses. Its operator can allow one with WEB_FETCH_ALLOW_ADDRESSES.",
  );
  for (const card of await turn.getByTestId("source-card").all())
    await expect(card).not.toHaveAttribute("href", /10\.255\.255\.1/);
  await expectAnswer(turn, "Ollama");
  // The notice stays after a reload (it is kept with the saved turn).
  await page.reload();
  await expect(turns(page).first().getByTestId("answer-unread")).toContainText(
    "10.255.255.1 could not be reached: this server does not read private or local addresses.",
  );
});
