import type { Page } from "@playwright/test";
import {
  ask,
  askFromHome,
  DEFAULT_SENTENCES,
  expectAnswer,
  finished,
  followUp,
  LONG_ANSWER,
  question,
  resetFakesAroundEachTest,
  streamedRequests,
  THREAD_URL,
  turns,
} from "./support/answer-page.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect, type ModelServer, test } from "./support/model-server.ts";

/**
 * Nothing the person did disappears: stopped answers survive a reload (signed in and anonymous),
 * every guest thread can be saved after sign-in, failures say what is happening (retries, an
 * editable Try again, Delete), and a question typed during an answer is queued visibly.
 */
resetFakesAroundEachTest();

/** Starts a long answer in a new thread and stops it after its second sentence. */
async function askAndStop(page: Page, modelServer: ModelServer, text: string): Promise<void> {
  const abortsBefore = modelServer.llm.abortedCount();
  modelServer.answers.push({ kind: "text", text: LONG_ANSWER, delayMs: 60 });
  await ask(page, text);
  const turn = turns(page).last();
  await expect(turn).toContainText("Sentence 2 of a long answer");
  await page.getByRole("button", { name: "Stop" }).click();
  await modelServer.llm.waitForAborts({ count: abortsBefore + 1 });
  await expect(turn.getByTestId("answer-stopped")).toBeVisible();
}

async function expectStoppedAfterReload(page: Page, text: string) {
  await page.reload();
  const turn = turns(page).first();
  await expect(question(turn)).toHaveText(text);
  await expect(turn.getByTestId("answer-stopped")).toContainText("Stopped");
  await expect(turn).toContainText("Sentence 1 of a long answer");
  await expect(turn).not.toContainText("Sentence 80 of a long answer");
  // Regenerate answers it in full, in place.
  await turn.getByRole("button", { name: "Regenerate" }).click();
  await expectAnswer(turns(page).first(), DEFAULT_SENTENCES[0] ?? "");
  await finished(turns(page).first());
  await expect(turns(page)).toHaveCount(1);
  await expect(turns(page).first().getByTestId("answer-stopped")).toHaveCount(0);
}

test("signed in: a stopped answer is saved as a stopped turn, and Regenerate replaces it", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("stopped-signed-in"));
  await askAndStop(page, modelServer, "Stop me when signed in");
  await expectStoppedAfterReload(page, "Stop me when signed in");
  // The regenerated answer replaced the stopped entry on the server too.
  await page.reload();
  await expect(turns(page)).toHaveCount(1);
  await expect(turns(page).first().getByTestId("answer-stopped")).toHaveCount(0);
  await expectAnswer(turns(page).first(), DEFAULT_SENTENCES[0] ?? "");
});

test("anonymous: a stopped answer stays in the tab's thread after a reload", async ({
  page,
  modelServer,
}) => {
  await askAndStop(page, modelServer, "Stop me as a guest");
  await expectStoppedAfterReload(page, "Stop me as a guest");
});

test("two guest threads, one with a stopped turn, are both saved after sign-in", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  await ask(page, "First guest thread");
  await finished(turns(page).first());
  await followUp(page, "Its follow-up");
  await finished(turns(page).nth(1));
  const firstUrl = page.url();
  await askAndStop(page, modelServer, "Second guest thread");

  await signInViaApi(context, uniqueEmail("guest-threads"));
  await page.goto("/app");
  const notice = page.getByTestId("save-thread-notice");
  await expect(notice).toContainText("Save your 2 conversations?");
  await expect(notice.getByTestId("save-thread-list")).toContainText("First guest thread");
  await expect(notice.getByTestId("save-thread-list")).toContainText("Second guest thread");
  await notice.getByRole("button", { name: "Save to my history" }).click();
  await expect(notice).toContainText("Saved to your history");
  await notice.getByRole("link", { name: "First guest thread" }).click();
  await expect(page).toHaveURL(firstUrl);
  await expect(turns(page)).toHaveCount(2);
  await expect(question(turns(page).nth(1))).toHaveText("Its follow-up");

  await page.goto("/app/history");
  await expect(page.getByTestId("history-thread")).toHaveCount(2);
  await page.getByTestId("history-thread").filter({ hasText: "Second guest thread" }).click();
  await expect(page).toHaveURL(THREAD_URL);
  const stopped = turns(page).first();
  await expect(question(stopped)).toHaveText("Second guest thread");
  await expect(stopped.getByTestId("answer-stopped")).toBeVisible();
  await expect(stopped).toContainText("Sentence 1 of a long answer");
});

test("while the model is retried the status says so; the error card retries an edited question", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("retry-status"));
  // 429, then 500 twice: every attempt fails; Retry-After keeps each retry on screen a while.
  modelServer.answers.push(
    { kind: "status", status: 429, retryAfter: "4" },
    { kind: "status", status: 500, retryAfter: "1" },
    { kind: "status", status: 500, retryAfter: "1" },
  );
  await askFromHome(page, "Is the model busy");
  const status = page.getByTestId("answer-status");
  await expect(status).toContainText("The model is busy — retrying…");
  await expect(status).toContainText("The model did not answer — retrying…");
  const turn = turns(page).first();
  const error = turn.getByTestId("answer-error");
  await expect(error).toBeVisible();
  await expect(status).toHaveText("");

  const field = error.getByRole("textbox", { name: "Question to try again" });
  await expect(field).toHaveValue("Is the model busy");
  await field.fill("Is the model free now");
  const before = streamedRequests(modelServer).length;
  await error.getByRole("button", { name: "Try again" }).click();
  await expect(question(turns(page).first())).toHaveText("Is the model free now");
  await finished(turns(page).first());
  await expect(turns(page)).toHaveCount(1);
  const sent = streamedRequests(modelServer).slice(before);
  expect(JSON.stringify(sent.at(-1)?.messages)).toContain("Is the model free now");
  await page.reload();
  await expect(question(turns(page).first())).toHaveText("Is the model free now");
});

test("a failed follow-up can be deleted from the page", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("delete-failed"));
  await ask(page, "A question that works");
  await finished(turns(page).first());
  for (let i = 0; i < 3; i++) modelServer.answers.push({ kind: "status", status: 500 });
  await followUp(page, "A follow-up that fails");
  const failed = turns(page).nth(1);
  await expect(failed.getByTestId("answer-error")).toBeVisible();
  await failed.getByRole("button", { name: "Delete" }).click();
  await expect(turns(page)).toHaveCount(1);
  await expect(question(turns(page).first())).toHaveText("A question that works");
  await page.reload();
  await expect(turns(page)).toHaveCount(1);
});

test("a question typed while an answer runs is queued visibly, can be cancelled, and is sent after", async ({
  page,
  modelServer,
}) => {
  modelServer.answers.push({ kind: "text", text: LONG_ANSWER, delayMs: 60 });
  await ask(page, "A long first answer");
  const first = turns(page).first();
  await expect(first).toContainText("Sentence 1 of a long answer");
  const box = page.getByRole("textbox", { name: "Ask a follow-up" });
  const chip = page.getByTestId("queued-question");

  await box.fill("Never mind this one");
  await box.press("Enter");
  await expect(chip).toContainText("Never mind this one");
  await chip.getByRole("button", { name: "Cancel the queued question" }).click();
  await expect(chip).toHaveCount(0);

  await box.fill("Then this one");
  await box.press("Enter");
  await expect(chip).toContainText("Queued");
  await expect(chip).toContainText("Then this one");
  await expect(turns(page)).toHaveCount(1);
  // The running answer ends (stopped here): the queued question goes out at once.
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(turns(page)).toHaveCount(2);
  await expect(chip).toHaveCount(0);
  await expect(question(turns(page).nth(1))).toHaveText("Then this one");
  await finished(turns(page).nth(1));
  await expect(turns(page)).toHaveCount(2);
});
