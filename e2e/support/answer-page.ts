import type { UsageSummary } from "@nexus/contracts";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { DEFAULT_ANSWER, expect, type ModelServer, test } from "./model-server.ts";

/** The answer page as the answer specs see it: locators, waits and the fakes' bookkeeping. */

/** /app/search/<slug>-<22-character id> */
export const THREAD_URL = /\/app\/search\/[a-z0-9-]+-[A-Za-z0-9]{22}$/;
/** DEFAULT_ANSWER's sentences without their citations (the chips are rendered apart). */
export const DEFAULT_SENTENCES = DEFAULT_ANSWER.split(/(?<=\.)\s+/).map((s) =>
  s.replace(/\s*(\[\d+\])+\.$/, ""),
);

/** A long answer, word by word: slow enough to stop half-way. */
export const LONG_ANSWER = Array.from(
  { length: 80 },
  (_, i) => `Sentence ${i + 1} of a long answer that keeps going [1].`,
).join(" ");

export function turns(page: Page): Locator {
  return page.getByTestId("answer-turn");
}

/** A turn's question (h1 for the first, h2 after). */
export function question(turn: Locator): Locator {
  return turn.locator("header").getByRole("heading");
}

/** The answer as a reader sees it (the chips' hidden preview cards left out). */
export async function expectAnswer(turn: Locator, text: string, options: { not?: boolean } = {}) {
  const markdown = turn.getByTestId("answer-markdown");
  if (options.not) await expect(markdown).not.toContainText(text, { useInnerText: true });
  else await expect(markdown).toContainText(text, { useInnerText: true });
}

export async function askFromHome(page: Page, question: string): Promise<void> {
  await page.goto("/app");
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await box.fill(question);
  await box.press("Enter");
}

/** Waits until the turn's answer finished streaming (its actions are shown). */
export async function finished(turn: Locator): Promise<void> {
  await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  await expect(turn.getByRole("button", { name: "Copy", exact: true })).toBeVisible();
}

export async function searchesUsed(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/usage");
  expect(response.status()).toBe(200);
  const summary = (await response.json()) as UsageSummary;
  return summary.counters.search.current;
}

/** Streamed answer requests the fake model received (not the rewrite or related-questions calls). */
export function streamedRequests(modelServer: ModelServer) {
  return modelServer.llm.requests.filter((r) => r.stream);
}

/** Each test starts with the fakes answering normally, and leaves them so. */
export function resetFakesAroundEachTest(): void {
  test.beforeEach(({ modelServer }) => {
    modelServer.answers.length = 0;
    modelServer.searxng.mode = "ok";
  });

  test.afterEach(({ modelServer }) => {
    modelServer.answers.length = 0;
    modelServer.searxng.mode = "ok";
  });
}

/** Asks from the home page and waits for the thread's own URL. */
export async function ask(page: Page, question: string): Promise<void> {
  await askFromHome(page, question);
  await expect(page).toHaveURL(THREAD_URL);
}

export async function followUp(page: Page, question: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Ask a follow-up" });
  await box.fill(question);
  await box.press("Enter");
}
