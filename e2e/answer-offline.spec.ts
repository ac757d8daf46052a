import path from "node:path";
import { ANSWER_THREAD_SESSION_KEY } from "@nexus/contracts";
import type { Locator, Page } from "@playwright/test";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * The main E2E server has no model and no search provider: the built-in offline engine answers
 * from the knowledge base (content/), and the answer says so.
 */

const QUESTION = "How do I connect a language model with LLM_BASE_URL?";
/** A sentence of content/blog/connecting-a-model.md. */
const KNOWN_SENTENCE = "Set `LLM_BASE_URL` to the base URL of the API";

function turns(page: Page): Locator {
  return page.getByTestId("answer-turn");
}

async function ask(page: Page, question: string): Promise<Locator> {
  await page.goto("/app");
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await box.fill(question);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/app\/search\/[a-z0-9-]+-[A-Za-z0-9]{22}$/);
  const turn = turns(page).first();
  await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  await expect(turn.getByRole("button", { name: "Copy", exact: true })).toBeVisible();
  return turn;
}

/** The offline answer quotes the knowledge base and cites it. */
async function expectKnowledgeAnswer(turn: Locator): Promise<void> {
  await expect(turn.getByTestId("offline-badge")).toHaveText("Offline mode");
  const markdown = turn.getByTestId("answer-markdown");
  await expect(markdown).toContainText(KNOWN_SENTENCE.replaceAll("`", ""), { useInnerText: true });
  const cards = turn.getByTestId("source-card");
  await expect(cards.first()).toBeVisible();
  await expect(turn.getByTestId("sources-strip")).toContainText("Connecting a language model");
  // Each chip links to its numbered source, a page of this Nexus (every source is listed in the
  // sources sheet when there are more than the strip shows).
  const hrefs = new Map<string, string | null>();
  for (const card of await cards.all())
    hrefs.set((await card.getAttribute("data-source")) ?? "", await card.getAttribute("href"));
  const more = turn.getByRole("button", { name: /^Show \d+ more sources$/ });
  if (await more.isVisible()) {
    await more.click();
    const sheet = turn.page().getByTestId("sources-sheet");
    // The sheet's code is downloaded on its first opening.
    await expect(sheet).toBeVisible();
    for (const item of await sheet.locator("[data-sheet-source]").all())
      hrefs.set(
        (await item.getAttribute("data-sheet-source")) ?? "",
        await item.getAttribute("href"),
      );
    await turn.page().keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
  }
  const chips = markdown.locator("[data-citation]");
  expect(await chips.count()).toBeGreaterThan(0);
  for (const chip of await chips.all()) {
    const href = hrefs.get((await chip.getAttribute("data-citation")) ?? "");
    expect(href).toBeTruthy();
    await expect(chip).toHaveAttribute("href", new URL(href ?? "", turn.page().url()).href);
  }
  const cited = await chips.evaluateAll((links) =>
    links.map((link) => (link as unknown as { href: string }).href),
  );
  expect(cited.some((href) => href.includes("connecting-a-model"))).toBe(true);
}

test.beforeEach(async ({ context, baseURL }) => {
  await stubExternalHosts(context, baseURL ?? "");
});

test("an anonymous visitor gets an offline answer from the knowledge base, kept for the tab", async ({
  page,
}) => {
  const turn = await ask(page, QUESTION);
  await expect(turn.locator("header").getByRole("heading")).toHaveText(QUESTION);
  await expectKnowledgeAnswer(turn);
  // Related questions come from the knowledge base too.
  await expect(turn.getByTestId("related-questions").getByRole("button").first()).toBeVisible();

  // The server keeps nothing for anonymous visitors: the tab's session does.
  const saved: unknown = await page.evaluate(
    `window.sessionStorage.getItem(${JSON.stringify(ANSWER_THREAD_SESSION_KEY)})`,
  );
  expect(typeof saved === "string" && saved.includes(QUESTION)).toBe(true);
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(turns(page)).toHaveCount(1);
  await expectKnowledgeAnswer(turns(page).first());

  // A follow-up in the same thread is answered offline as well.
  const followUp = page.getByRole("textbox", { name: "Ask a follow-up" });
  await followUp.fill("What is the offline mode?");
  await followUp.press("Enter");
  await expect(turns(page)).toHaveCount(2);
  const second = turns(page).nth(1);
  await expect(second).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  await expect(second.getByTestId("offline-badge")).toBeVisible();
  await expect(second.getByTestId("answer-markdown")).toContainText(/offline/i);

  await page.reload();
  await expect(turns(page)).toHaveCount(2);
});

test("a signed-in user's offline answer is restored from the server with its Offline mode label", async ({
  page,
  context,
  uniqueEmail,
}) => {
  // Three full checks of the answer, each opening the sources sheet.
  test.setTimeout(120_000);
  await signInViaApi(context, uniqueEmail("offline-restore"));
  const turn = await ask(page, QUESTION);
  await expectKnowledgeAnswer(turn);

  const url = page.url();
  await page.evaluate("window.sessionStorage.clear()");
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(turns(page)).toHaveCount(1);
  await expectKnowledgeAnswer(turns(page).first());

  // Another browser of the same account opens the thread from its URL.
  await page.goto("/app");
  await page.goto(url);
  await expectKnowledgeAnswer(turns(page).first());
});

test("a shared offline answer keeps its Offline mode label for a signed-out reader", async ({
  page,
  context,
  newContext,
  baseURL,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("offline-share"));
  const turn = await ask(page, QUESTION);
  await turn.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByTestId("share-dialog");
  const field = dialog.getByTestId("share-url");
  await expect(field).toHaveValue(/\/share\/[A-Za-z0-9]{22}$/);
  const link = new URL(await field.inputValue()).pathname;

  const reader = await newContext();
  await stubExternalHosts(reader, baseURL ?? "");
  const shared = await reader.newPage();
  await shared.goto(link);
  await expect(shared.getByRole("heading", { level: 1, name: QUESTION })).toBeVisible();
  await expect(shared.getByTestId("offline-badge")).toHaveText("Offline mode");
  await expect(shared.getByTestId("answer-markdown")).toContainText(
    KNOWN_SENTENCE.replaceAll("`", ""),
    { useInnerText: true },
  );
  await shared.screenshot({
    path: path.join(REPO_ROOT, "e2e-output/screenshots/share-offline-answer-light-desktop.png"),
    fullPage: true,
    animations: "disabled",
  });
});

test("an anonymous visitor's thread is not readable in another tab's session", async ({
  page,
  newContext,
}) => {
  await ask(page, QUESTION);
  const url = page.url();
  const other = await newContext();
  await stubExternalHosts(other, new URL(url).origin);
  const otherPage = await other.newPage();
  await otherPage.goto(url);
  await expect(turns(otherPage)).toHaveCount(0);
  await expect(otherPage.getByRole("main")).toContainText("This thread isn't available");
});

test("keyboard on the offline server: '/' focuses the question box, Ctrl+K leaves an answer for a new question", async ({
  page,
}) => {
  await page.goto("/app");
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await box.blur();
  await page.keyboard.press("/");
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("");

  await ask(page, "What is Nexus?");
  await page.getByTestId("answer-markdown").click();
  await page.keyboard.press("Control+k");
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("textbox", { name: "Ask anything" })).toBeFocused();
  await expect(turns(page)).toHaveCount(0);
  await page.keyboard.press("Meta+k");
  await expect(page).toHaveURL(/\/app$/);
});
