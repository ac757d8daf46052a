import { periodKey, STORAGE_KEYS, TIER_LIMITS } from "@nexus/contracts";
import {
  askFromHome,
  DEFAULT_SENTENCES,
  expectAnswer,
  finished,
  resetFakesAroundEachTest,
  searchesUsed,
  streamedRequests,
  turns,
} from "./support/answer-page.ts";
import { presetLocalStorage } from "./support/browser-storage.ts";
import { seedAnonymousSearches, seedUsage } from "./support/db.ts";
import { failedResource, signInViaApi } from "./support/fixtures.ts";
import { expect, test } from "./support/model-server.ts";

/** The answer page when things go wrong (model down, search down, a failure mid-stream) and at the quota. */
resetFakesAroundEachTest();

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
