import {
  askFromHome,
  DEFAULT_SENTENCES,
  expectAnswer,
  finished,
  LONG_ANSWER,
  question,
  resetFakesAroundEachTest,
  searchesUsed,
  THREAD_URL,
  turns,
} from "./support/answer-page.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { DEFAULT_ANSWER, expect, RELATED_QUESTIONS, test } from "./support/model-server.ts";

resetFakesAroundEachTest();

test("asking from the home page shows the sources, then the streamed answer with working citations and related questions", async ({
  page,
  modelServer,
}) => {
  // Slow enough that the sources are on screen while the answer is still being written.
  modelServer.answers.push({ kind: "text", text: DEFAULT_ANSWER, delayMs: 500 });
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
  // The stopped answer stays above, marked as such; the server kept it as a stopped turn.
  await expect(turn.getByTestId("answer-stopped")).toBeVisible();
  await expectAnswer(turn, "Sentence 1 of a long answer");
  await page.reload();
  await expect(turns(page)).toHaveCount(2);
  await expect(question(turns(page).first())).toHaveText("Tell me everything");
  await expect(turns(page).first().getByTestId("answer-stopped")).toBeVisible();
  await expect(question(turns(page).nth(1))).toHaveText("Just the short version");
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

test("Copy puts the answer's markdown and its numbered sources on the clipboard", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await askFromHome(page, "Copy this answer");
  const turn = turns(page).first();
  await finished(turn);
  const count = await turn.getByTestId("source-card").count();
  const more = turn.getByRole("button", { name: /^Show \d+ more sources$/ });
  const total = count + Number((await more.getAttribute("aria-label"))?.match(/\d+/)?.[0] ?? 0);
  await turn.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(turn.getByRole("button", { name: "Copy", exact: true })).toHaveText("Copied");
  // Plain text: the markdown, then "[n] Title — URL" for every source, so [n] means something.
  const copied: unknown = await page.evaluate("navigator.clipboard.readText()");
  const sources = Array.from(
    { length: total },
    (_, i) => `[${i + 1}] Result ${i + 1} — https://site${i + 1}.example.org/article`,
  );
  expect(copied).toBe(`${DEFAULT_ANSWER}\n\nSources:\n${sources.join("\n")}`);
  // Rich text: the rendered answer with linked [n] markers, then the sources as a list of links.
  const html: unknown = await page.evaluate(
    "navigator.clipboard.read().then(([item]) => item.getType('text/html')).then((blob) => blob.text())",
  );
  expect(html).toContain('<a href="https://site1.example.org/article">[1]</a>');
  expect(html).toContain("Nexus searches the web and reads the top pages");
  expect(html).toContain(
    `<li><a href="https://site${total}.example.org/article">Result ${total}</a></li></ol>`,
  );
  expect(html).not.toContain("data-citation");
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
