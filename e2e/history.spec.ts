import crypto from "node:crypto";
import {
  ask,
  finished,
  followUp,
  question,
  resetFakesAroundEachTest,
  THREAD_URL,
  turns,
} from "./support/answer-page.ts";
import { withServerDatabase } from "./support/db.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { DEFAULT_ANSWER, expect, type ModelServer, test } from "./support/model-server.ts";

/** History (date groups, paging, search, delete), deleting one answer, feedback, and saving an anonymous thread after sign-in. */
/** The answer's first words, before its first citation chip. */
const _FIRST_WORDS = DEFAULT_ANSWER.slice(0, DEFAULT_ANSWER.indexOf(" ["));

resetFakesAroundEachTest();

/** Seeds answered entries for a user straight into the model server's database. */
async function seedHistory(
  modelServer: ModelServer,
  userId: string,
  rows: { threadId: string; query: string; markdown: string; at: Date }[],
): Promise<void> {
  await withServerDatabase(async (client) => {
    for (const row of rows) {
      await client.query(
        `insert into search_history (id, user_id, thread_id, timestamp, query, focus_mode, results)
         values ($1, $2, $3, $4, $5, 'web', $6)`,
        [
          crypto.randomBytes(12).toString("hex"),
          userId,
          row.threadId,
          row.at.toISOString(),
          row.query,
          JSON.stringify({
            markdown: row.markdown,
            sources: [],
            images: [],
            videos: [],
            thinking: "",
          }),
        ],
      );
    }
  }, modelServer.dataDir);
}

const threadId = () => crypto.randomBytes(11).toString("hex");

test("history: date groups, paging, search, open and delete a thread", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  const user = await signInViaApi(context, uniqueEmail("history"));
  // The browser runs in UTC: days are UTC days.
  const now = new Date();
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = 86_400_000;
  const recent = threadId();
  await seedHistory(modelServer, user.userId, [
    {
      threadId: recent,
      query: "Quantum tunnelling basics",
      markdown: "Particles pass barriers.",
      at: new Date(Math.max(todayStart + 60_000, now.getTime() - 120_000)),
    },
    {
      threadId: recent,
      query: "And in diodes?",
      markdown: "Tunnel diodes use it.",
      at: new Date(Math.max(todayStart + 90_000, now.getTime() - 60_000)),
    },
    {
      threadId: threadId(),
      query: "Yesterday's question",
      markdown: "An answer from yesterday.",
      at: new Date(todayStart - day / 2),
    },
    {
      threadId: threadId(),
      query: "A question this week",
      markdown: "Three days ago.",
      at: new Date(todayStart - 2.5 * day),
    },
    {
      threadId: threadId(),
      query: "A question this month",
      markdown: "Ten days ago.",
      at: new Date(todayStart - 9.5 * day),
    },
    // 22 old threads, so the list needs a second page.
    ...Array.from({ length: 22 }, (_, i) => ({
      threadId: threadId(),
      query: `Old question number ${i + 1}`,
      markdown: `An old answer ${i + 1}.`,
      at: new Date(todayStart - (60 + i) * day),
    })),
  ]);

  await page.goto("/app/history");
  const rows = page.getByTestId("history-thread");
  await expect(rows.first()).toContainText("Quantum tunnelling basics");
  await expect(rows.first()).toContainText("2 messages");
  await expect(rows.first()).toContainText("Tunnel diodes use it.");
  // 20 per page; the rest arrive on scrolling (or with the Load more button).
  await expect(rows).toHaveCount(20);
  await page.getByTestId("load-more").scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(26);
  await expect(page.getByTestId("load-more")).toHaveCount(0);
  await expect(page.getByTestId("history-group")).toHaveText([
    "Today",
    "Yesterday",
    "Previous 7 days",
    "Previous 30 days",
    "Older",
  ]);
  const titles = await rows.locator("a").allTextContents();
  expect(new Set(titles).size, "no thread twice").toBe(26);

  // Search (debounced), with an empty state.
  const search = page.getByRole("searchbox", { name: "Search your history" });
  await search.fill("diodes");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Quantum tunnelling basics");
  await search.fill("xylophone");
  await expect(page.getByTestId("history-no-results")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).first().click();
  // Back to the whole list, as far as it was loaded.
  await expect(rows).toHaveCount(26);

  // Delete, after confirming; it stays gone after a reload.
  await page.getByRole("button", { name: "Delete thread: Yesterday's question" }).click();
  await page
    .getByTestId("delete-thread-dialog")
    .getByRole("button", { name: "Delete thread" })
    .click();
  await expect(page.getByText("Yesterday's question")).toHaveCount(0);
  await expect(page.getByTestId("history-group").filter({ hasText: /^Yesterday$/ })).toHaveCount(0);
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText("Yesterday's question")).toHaveCount(0);

  // Open a thread: the answer page with its turns.
  await rows.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/app\/search\/quantum-tunnelling-basics-[a-f0-9]+$/);
  await expect(turns(page)).toHaveCount(2);
  await expect(question(turns(page).nth(1))).toHaveText("And in diodes?");
});

test("deleting one answer of a thread removes it from the page, the thread and the history", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("delete-answer"));
  await ask(page, "First question to keep?");
  await finished(turns(page).first());
  await followUp(page, "Second question to delete?");
  await expect(turns(page)).toHaveCount(2);
  await finished(turns(page).nth(1));
  const url = page.url();
  // What the page asks of the thread after a deletion (its bookmark state is not asked again: the
  // thread may be gone with its last answer, and a 404 there is a console error).
  const threadReads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname.startsWith("/api/threads/"))
      threadReads.push(request.url());
  });

  await turns(page).nth(1).getByRole("button", { name: "Delete answer" }).click();
  const dialog = page.getByTestId("delete-answer-dialog");
  await dialog.getByRole("button", { name: "Delete answer" }).click();
  await expect(turns(page)).toHaveCount(1);
  await expect(question(turns(page).first())).toHaveText("First question to keep?");
  await page.waitForLoadState("networkidle");
  expect(threadReads).toEqual([]);

  // The server kept only the first turn.
  await page.goto(url);
  await expect(turns(page)).toHaveCount(1);
  await expect(question(turns(page).first())).toHaveText("First question to keep?");

  // Deleting the last answer of a thread leaves nothing: back to a new question.
  await turns(page).first().getByRole("button", { name: "Delete answer" }).click();
  await page
    .getByTestId("delete-answer-dialog")
    .getByRole("button", { name: "Delete answer" })
    .click();
  await expect(page).toHaveURL(/\/app$/);
  await page.goto("/app/history");
  await expect(page.getByText("First question to keep?")).toHaveCount(0);
});

test("feedback: thumbs down with a type and a text is stored (anonymous, by session)", async ({
  page,
  modelServer,
}) => {
  await ask(page, "Is this answer any good?");
  const turn = turns(page).first();
  await finished(turn);
  await turn.getByRole("button", { name: "Bad answer" }).click();
  const dialog = page.getByTestId("feedback-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Outdated" }).click();
  await dialog.getByRole("textbox").fill("The numbers are from last year.");
  await dialog.getByRole("button", { name: "Send feedback" }).click();
  await expect(dialog).toBeHidden();
  await expect(turn.getByRole("button", { name: "Bad answer" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await expect
    .poll(() =>
      withServerDatabase(async (client) => {
        const result = await client.query(
          `select rating, feedback_type, feedback_text, user_id, session_id, query from feedback
           where feedback_text = $1`,
          ["The numbers are from last year."],
        );
        return result.rows;
      }, modelServer.dataDir),
    )
    .toEqual([
      expect.objectContaining({
        rating: "down",
        feedback_type: "outdated",
        user_id: null,
        session_id: expect.any(String),
        query: expect.stringContaining("Is this answer any good?"),
      }),
    ]);

  // Thumbs up replaces it (one rating per person per answer).
  await turn.getByRole("button", { name: "Good answer" }).click();
  await expect(turn.getByRole("button", { name: "Good answer" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect
    .poll(() =>
      withServerDatabase(async (client) => {
        const result = await client.query("select rating from feedback where query like $1", [
          "%Is this answer any good?%",
        ]);
        return result.rows.map((row) => row.rating);
      }, modelServer.dataDir),
    )
    .toEqual(["up"]);
});

test("an anonymous thread is offered once for saving after sign-in, and the saved thread opens", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await ask(page, "What did I ask before signing in?");
  await finished(turns(page).first());
  await followUp(page, "And after that?");
  await finished(turns(page).nth(1));
  // Anonymous visitors have no library: the bookmark asks to sign in.
  await turns(page).first().getByRole("button", { name: "Bookmark" }).click();
  await expect(page.getByTestId("sign-in-dialog")).toBeVisible();
  await page.keyboard.press("Escape");

  await signInViaApi(context, uniqueEmail("import"));
  await page.goto("/app");
  const notice = page.getByTestId("save-thread-notice");
  await expect(notice).toContainText("What did I ask before signing in?");
  await notice.getByRole("button", { name: "Save to my history" }).click();
  await notice.getByRole("link", { name: "Open the saved thread" }).click();
  await expect(page).toHaveURL(THREAD_URL);
  await expect(turns(page)).toHaveCount(2);
  await expect(question(turns(page).nth(1))).toHaveText("And after that?");
  await expect(notice).toHaveCount(0);

  // Asked once: not again in this tab.
  await page.goto("/app");
  await expect(page.getByRole("textbox", { name: "Ask anything" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(notice).toHaveCount(0);
  await page.goto("/app/history");
  await expect(page.getByTestId("history-thread")).toHaveCount(1);
  await expect(page.getByTestId("history-thread")).toContainText("2 messages");
});
