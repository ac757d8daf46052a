import { periodKey, STORAGE_KEYS, TIER_LIMITS, type UsageSummary } from "@nexus/contracts";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { presetLocalStorage } from "./support/browser-storage.ts";
import { seedAnonymousSearches, seedUsage } from "./support/db.ts";
import { failedResource, signInViaApi } from "./support/fixtures.ts";
import {
  DEFAULT_ANSWER,
  expect,
  type ModelServer,
  RELATED_QUESTIONS,
  stubExternalHosts,
  test,
} from "./support/model-server.ts";

/** /app/search/<slug>-<22-character id> */
const THREAD_URL = /\/app\/search\/[a-z0-9-]+-[A-Za-z0-9]{22}$/;
/** DEFAULT_ANSWER's sentences without their citations (the chips are rendered apart). */
const DEFAULT_SENTENCES = DEFAULT_ANSWER.split(/(?<=\.)\s+/).map((s) =>
  s.replace(/\s*(\[\d+\])+\.$/, ""),
);

/** A long answer, word by word: slow enough to stop half-way. */
const LONG_ANSWER = Array.from(
  { length: 80 },
  (_, i) => `Sentence ${i + 1} of a long answer that keeps going [1].`,
).join(" ");

function turns(page: Page): Locator {
  return page.getByTestId("answer-turn");
}

/** A turn's question (h1 for the first, h2 after). */
function question(turn: Locator): Locator {
  return turn.locator("header").getByRole("heading");
}

/** The answer as a reader sees it (the chips' hidden preview cards left out). */
async function expectAnswer(turn: Locator, text: string, options: { not?: boolean } = {}) {
  const markdown = turn.getByTestId("answer-markdown");
  if (options.not) await expect(markdown).not.toContainText(text, { useInnerText: true });
  else await expect(markdown).toContainText(text, { useInnerText: true });
}

async function askFromHome(page: Page, question: string): Promise<void> {
  await page.goto("/app");
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await box.fill(question);
  await box.press("Enter");
}

/** Waits until the turn's answer finished streaming (its actions are shown). */
async function finished(turn: Locator): Promise<void> {
  await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  await expect(turn.getByRole("button", { name: "Copy", exact: true })).toBeVisible();
}

async function searchesUsed(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/usage");
  expect(response.status()).toBe(200);
  const summary = (await response.json()) as UsageSummary;
  return summary.counters.search.current;
}

/** Streamed answer requests the fake model received (not the rewrite or related-questions calls). */
function streamedRequests(modelServer: ModelServer) {
  return modelServer.llm.requests.filter((r) => r.stream);
}

test.beforeEach(async ({ context, modelServer }) => {
  modelServer.answers.length = 0;
  modelServer.searxng.mode = "ok";
  await stubExternalHosts(context, modelServer.origin);
});

test.afterEach(({ modelServer }) => {
  modelServer.answers.length = 0;
  modelServer.searxng.mode = "ok";
});

test("asking from the home page shows the sources, then the streamed answer with working citations and related questions", async ({
  page,
  modelServer,
}) => {
  // Slow enough that the sources are on screen while the answer is still being written.
  modelServer.answers.push({ kind: "text", text: DEFAULT_ANSWER, delayMs: 120 });
  await askFromHome(page, "How does Nexus find its sources?");

  await expect(page).toHaveURL(/\/app\/search\/how-does-nexus-find-its-sources-[A-Za-z0-9]{22}$/);
  const turn = turns(page).first();
  await expect(question(turn)).toHaveText("How does Nexus find its sources?");
  const strip = turn.getByTestId("sources-strip");
  await expect(strip).toBeVisible();
  const cards = strip.getByTestId("source-card");
  await expect(cards.first()).toContainText("Result 1");
  await expect(cards.first()).toContainText("site1.example.org");
  await expect(cards.nth(1)).toContainText("Result 2");
  await expect(cards.nth(1)).toContainText("site2.example.org");
  // The answer is still streaming while the sources are shown.
  await expect(turn).toHaveAttribute("aria-busy", "true");
  await expect(page.getByTestId("answer-status")).not.toHaveText("");

  const markdown = turn.getByTestId("answer-markdown");
  for (const sentence of DEFAULT_SENTENCES) await expectAnswer(turn, sentence);
  await finished(turn);
  await expect(page.getByTestId("answer-status")).toHaveText("");

  // Every citation chip opens its numbered source, in a new tab, without an opener.
  const chips = markdown.locator("[data-citation]");
  await expect(chips).toHaveCount(4);
  await expect(chips.nth(0)).toHaveAttribute("data-citation", "1");
  await expect(chips.nth(1)).toHaveAttribute("data-citation", "2");
  for (const chip of await chips.all()) {
    const n = await chip.getAttribute("data-citation");
    const source = strip.locator(`[data-source="${n}"]`);
    const sourceHref = await source.getAttribute("href");
    expect(sourceHref).toMatch(/^https:\/\/site\d+\.example\.org\/article$/);
    await expect(chip).toHaveAttribute("href", sourceHref ?? "");
    await expect(chip).toHaveAttribute("target", "_blank");
    await expect(chip).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(chip).toHaveAttribute("rel", /\bnoreferrer\b/);
  }
  await expect(chips.first()).toHaveAttribute("href", "https://site1.example.org/article");

  const related = turn.getByTestId("related-questions");
  for (const question of RELATED_QUESTIONS) {
    await expect(related.getByRole("button", { name: question })).toBeVisible();
  }
  // Images and videos of the fake SearXNG beside the answer.
  const media = turn.getByTestId("media-panel");
  await expect(media.getByRole("link", { name: /^Image/ })).toHaveCount(4);
  await expect(media.getByRole("link", { name: /Video 1/ })).toBeVisible();
  await expect(page).toHaveURL(THREAD_URL);
  await expect(page).toHaveTitle("How does Nexus find its sources? · Nexus");
});

test("a follow-up and a related question are answered in the same thread, using the earlier turn", async ({
  page,
  modelServer,
}) => {
  await askFromHome(page, "What is Nexus?");
  await finished(turns(page).first());
  const url = page.url();
  const before = modelServer.llm.requests.length;
  const searchesBefore = modelServer.searxng.requests.length;

  const followUp = page.getByRole("textbox", { name: "Ask a follow-up" });
  await followUp.fill("Does it need an API key?");
  await followUp.press("Enter");
  await expect(followUp).toHaveValue("");
  await expect(turns(page)).toHaveCount(2);
  const second = turns(page).nth(1);
  await expect(question(second)).toHaveText("Does it need an API key?");
  await expectAnswer(second, DEFAULT_SENTENCES[0] ?? "");
  await finished(second);
  expect(page.url(), "the thread keeps its URL").toBe(url);

  // The follow-up was rewritten into a standalone query from the earlier turn.
  const calls = modelServer.llm.requests.slice(before);
  const rewrite = calls.find((r) => !r.stream && JSON.stringify(r.messages).includes("standalone"));
  expect(rewrite, "a standalone-query rewrite call").toBeDefined();
  const rewritePrompt = JSON.stringify(rewrite?.messages);
  expect(rewritePrompt).toContain("What is Nexus?");
  expect(rewritePrompt).toContain("Does it need an API key?");
  // …and the search ran on the model's rewrite (the fake answers with the first line of the
  // conversation it was given: the earlier question), not on the bare follow-up.
  const searched = modelServer.searxng.requests
    .slice(searchesBefore)
    .map((r) => r.query.get("q") ?? "");
  expect(searched.length).toBeGreaterThan(0);
  for (const q of searched) {
    expect(q).toContain("What is Nexus?");
    expect(q).not.toContain("Does it need an API key?");
  }
  // Only the first turn's related questions can be clicked: the second turn has its own.
  const related = second.getByTestId("related-questions");
  await related.getByRole("button", { name: RELATED_QUESTIONS[1] }).click();
  await expect(turns(page)).toHaveCount(3);
  await expect(question(turns(page).nth(2))).toHaveText(RELATED_QUESTIONS[1] ?? "");
  await finished(turns(page).nth(2));
});

test("a signed-in thread is restored from the server on reload and on back/forward", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("answer-restore"));
  await askFromHome(page, "First thread question");
  await finished(turns(page).first());
  const followUp = page.getByRole("textbox", { name: "Ask a follow-up" });
  await followUp.fill("Second turn question");
  await followUp.press("Enter");
  await finished(turns(page).nth(1));
  const firstUrl = page.url();

  await page.reload();
  await expect(turns(page)).toHaveCount(2);
  await expect(question(turns(page).nth(0))).toHaveText("First thread question");
  await expect(question(turns(page).nth(1))).toHaveText("Second turn question");
  for (const turn of await turns(page).all()) {
    await expectAnswer(turn, DEFAULT_SENTENCES[2] ?? "");
    await expect(turn.getByTestId("source-card").first()).toContainText("Result 1");
    await expect(turn.locator("[data-citation]").first()).toHaveAttribute(
      "href",
      "https://site1.example.org/article",
    );
  }
  await expect(turns(page).nth(1).getByTestId("related-questions")).toContainText(
    RELATED_QUESTIONS[0] ?? "",
  );

  // A second thread, then back and forward between the two (full page loads in between, so
  // each one comes from the server).
  await askFromHome(page, "Another thread entirely");
  await finished(turns(page).first());
  const secondUrl = page.url();
  expect(secondUrl).not.toBe(firstUrl);
  await page.goto(firstUrl);
  await expect(turns(page)).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL(secondUrl);
  await expect(turns(page)).toHaveCount(1);
  await expect(question(turns(page).first())).toHaveText("Another thread entirely");
  await page.goForward();
  await expect(page).toHaveURL(firstUrl);
  await expect(turns(page)).toHaveCount(2);
  await expect(question(turns(page).first())).toHaveText("First thread question");
  // In-app navigation too: back to the home page, then back into the thread.
  await page.getByRole("link", { name: "New search" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.goBack();
  await expect(turns(page)).toHaveCount(2);
});

test("Stop ends a long answer: the partial text stays, the model request is aborted, nothing is charged", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("answer-stop"));
  expect(await searchesUsed(context.request)).toBe(0);
  const abortsBefore = modelServer.llm.abortedCount();
  modelServer.answers.push({ kind: "text", text: LONG_ANSWER, delayMs: 100 });
  await askFromHome(page, "Tell me everything");

  const turn = turns(page).first();
  const markdown = turn.getByTestId("answer-markdown");
  await expect(markdown).toContainText("Sentence 2 of a long answer");
  await page.getByRole("button", { name: "Stop" }).click();

  await modelServer.llm.waitForAborts({ count: abortsBefore + 1 });
  await expect(turn).toHaveAttribute("aria-busy", "false");
  await expect(turn.getByText("Stopped", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0);
  await expect(markdown).toContainText("Sentence 1 of a long answer");
  await expect(markdown).not.toContainText("Sentence 80 of a long answer");
  const partial = await markdown.innerText();
  // Nothing more arrives after the stop.
  await expect(page.getByTestId("answer-status")).toHaveText("");
  expect(await markdown.innerText()).toBe(partial);

  // A completed answer afterwards is charged once: the stopped one was not.
  const followUp = page.getByRole("textbox", { name: "Ask a follow-up" });
  await followUp.fill("Just the short version");
  await followUp.press("Enter");
  await finished(turns(page).last());
  await expect.poll(() => searchesUsed(context.request)).toBe(1);
  // The stopped answer stays on screen above, marked as such; it was never saved.
  await expect(turn.getByText("This answer was not finished.")).toBeVisible();
  await expectAnswer(turn, "Sentence 1 of a long answer");
  await page.reload();
  await expect(turns(page)).toHaveCount(1);
  await expect(question(turns(page).first())).toHaveText("Just the short version");
});

test("Regenerate replaces the last answer, also after a reload", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("answer-regenerate"));
  await askFromHome(page, "Regenerate me");
  const turn = turns(page).first();
  await expectAnswer(turn, DEFAULT_SENTENCES[0] ?? "");
  await finished(turn);

  modelServer.answers.push({
    kind: "text",
    text: "A fresh take on the question [2]. It is different this time [1].",
  });
  await turn.getByRole("button", { name: "Regenerate" }).click();
  await expectAnswer(turn, "A fresh take on the question");
  await finished(turns(page).first());
  await expect(turns(page)).toHaveCount(1);
  await expectAnswer(turns(page).first(), DEFAULT_SENTENCES[0] ?? "", { not: true });

  await page.reload();
  await expect(turns(page)).toHaveCount(1);
  await expectAnswer(turns(page).first(), "It is different this time");
  await expectAnswer(turns(page).first(), DEFAULT_SENTENCES[0] ?? "", { not: true });
});

test("Copy puts the answer's markdown on the clipboard", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await askFromHome(page, "Copy this answer");
  const turn = turns(page).first();
  await finished(turn);
  await turn.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(turn.getByRole("button", { name: "Copy", exact: true })).toHaveText("Copied");
  const copied: unknown = await page.evaluate("navigator.clipboard.readText()");
  expect(copied).toBe(DEFAULT_ANSWER);
});

test.describe("errors", () => {
  test("a model failure mid-stream keeps the partial text, explains, and Try again answers in full", async ({
    page,
    context,
    modelServer,
    uniqueEmail,
  }) => {
    await signInViaApi(context, uniqueEmail("answer-midstream"));
    modelServer.answers.push({
      kind: "fail-mid-stream",
      text: "The first part arrives before the model goes away [1]. This never shows.",
      afterChunks: 6,
      delayMs: 40,
    });
    await askFromHome(page, "Will this fail?");
    const turn = turns(page).first();
    const error = turn.getByTestId("answer-error");
    await expect(error).toBeVisible();
    await expect(error).toContainText(/model|answer|fail|interrupt/i);
    await expectAnswer(turn, "The first part arrives");
    await expectAnswer(turn, "This never shows", { not: true });
    expect(await searchesUsed(context.request)).toBe(0);

    await error.getByRole("button", { name: "Try again" }).click();
    await expectAnswer(turn, DEFAULT_SENTENCES[2] ?? "");
    await finished(turns(page).first());
    await expect(turn.getByTestId("answer-error")).toHaveCount(0);
    await expect(turns(page)).toHaveCount(1);
    await expect.poll(() => searchesUsed(context.request)).toBe(1);
  });

  for (const status of [500, 429]) {
    test(`a model that keeps answering ${status} shows a clear message and charges nothing`, async ({
      page,
      context,
      modelServer,
      uniqueEmail,
    }) => {
      await signInViaApi(context, uniqueEmail(`answer-${status}`));
      const before = streamedRequests(modelServer).length;
      for (let i = 0; i < 12; i++)
        modelServer.answers.push({ kind: "status", status, retryAfter: "0" });
      await askFromHome(page, `Model says ${status}`);
      const turn = turns(page).first();
      const error = turn.getByTestId("answer-error");
      await expect(error).toBeVisible({ timeout: 15_000 });
      await expect(error).toContainText(/model/i);
      await expect(error.getByRole("button", { name: "Try again" })).toBeVisible();
      await expect(turn.getByTestId("answer-markdown")).toHaveCount(0);
      expect(streamedRequests(modelServer).length - before, "retried").toBeGreaterThan(1);
      expect(await searchesUsed(context.request)).toBe(0);

      modelServer.answers.length = 0;
      await error.getByRole("button", { name: "Try again" }).click();
      await expectAnswer(turn, DEFAULT_SENTENCES[0] ?? "");
      await finished(turns(page).first());
      await expect.poll(() => searchesUsed(context.request)).toBe(1);
    });
  }

  test("search being down shows a clear message and charges nothing", async ({
    page,
    context,
    modelServer,
    uniqueEmail,
  }) => {
    await signInViaApi(context, uniqueEmail("answer-search-down"));
    modelServer.searxng.mode = "error";
    await askFromHome(page, "Search is down");
    const turn = turns(page).first();
    const error = turn.getByTestId("answer-error");
    await expect(error).toBeVisible({ timeout: 15_000 });
    // The message names what failed (the provider) and says there are no sources.
    await expect(error).toContainText(/SearXNG|search/i);
    await expect(error).toContainText(/no sources|unavailable|did not answer/i);
    expect(await searchesUsed(context.request)).toBe(0);

    modelServer.searxng.mode = "ok";
    await error.getByRole("button", { name: "Try again" }).click();
    await expectAnswer(turn, DEFAULT_SENTENCES[0] ?? "");
    await finished(turns(page).first());
    await expect.poll(() => searchesUsed(context.request)).toBe(1);
  });
});

test.describe("quota", () => {
  test("a free account at its limit sees the count, the reset and the plans", async ({
    page,
    context,
    consoleGuard,
    modelServer,
    uniqueEmail,
  }) => {
    consoleGuard.allow(failedResource(429));
    const user = await signInViaApi(context, uniqueEmail("answer-quota-free"));
    const limit = TIER_LIMITS.free.search;
    await seedUsage({
      dataDir: modelServer.dataDir,
      userId: user.userId,
      period: periodKey("monthly", new Date()),
      search: limit,
      addFiles: 0,
      agentUsage: 0,
    });
    const before = streamedRequests(modelServer).length;
    await askFromHome(page, "One more please");
    const card = page.getByTestId("quota-limit");
    await expect(card).toBeVisible();
    await expect(card).toContainText(`You've used all ${limit} searches for this month`);
    await expect(card).toContainText(`${limit}/${limit}`);
    const now = new Date();
    const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const resetText = reset.toLocaleString("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
    });
    await expect(card).toContainText(`reset on ${resetText}`);
    const plans = card.getByRole("link", { name: "See plans for more searches" });
    await expect(plans).toHaveAttribute("href", "/app/subscription-plans");
    expect(streamedRequests(modelServer).length, "the model was not asked").toBe(before);
    expect(await searchesUsed(context.request)).toBe(limit);
    await plans.click();
    await expect(page).toHaveURL(/\/app\/subscription-plans$/);
  });

  test("an anonymous visitor at the daily limit is offered to sign in", async ({
    page,
    context,
    consoleGuard,
    modelServer,
  }) => {
    consoleGuard.allow(failedResource(429));
    const anonId = `anon_${Date.now()}_quotae2e${test.info().workerIndex}`;
    await presetLocalStorage(context, { [STORAGE_KEYS.anonId]: anonId });
    const limit = TIER_LIMITS.anonymous.search;
    await seedAnonymousSearches({
      dataDir: modelServer.dataDir,
      anonId,
      period: periodKey("daily", new Date()),
      search: limit,
    });
    await askFromHome(page, "Anonymous and out of searches");
    const card = page.getByTestId("quota-limit");
    await expect(card).toBeVisible();
    await expect(card).toContainText(`You've used all ${limit} searches for today`);
    await expect(card).toContainText(`${limit}/${limit}`);
    await expect(card).toContainText("reset on");
    await card.getByRole("button", { name: "Sign in for more searches" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});

test("keyboard: '/' focuses the question box and Ctrl+K starts a new thread", async ({ page }) => {
  await page.goto("/app");
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await box.blur();
  await expect(box).not.toBeFocused();
  await page.keyboard.press("/");
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("");

  await box.fill("Shortcut question");
  await box.press("Enter");
  await finished(turns(page).first());
  const followUp = page.getByRole("textbox", { name: "Ask a follow-up" });
  await followUp.blur();
  await page.keyboard.press("/");
  await expect(followUp).toBeFocused();
  await followUp.blur();

  await page.keyboard.press("Control+k");
  await expect(page).toHaveURL(/\/app$/);
  const fresh = page.getByRole("textbox", { name: "Ask anything" });
  await expect(fresh).toBeFocused();
  await expect(fresh).toHaveValue("");
  await expect(turns(page)).toHaveCount(0);
  await page.goBack();
  await expect(question(turns(page).first())).toHaveText("Shortcut question");
});
