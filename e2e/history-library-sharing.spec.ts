import crypto from "node:crypto";
import { MESSAGES } from "@nexus/contracts";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { withServerDatabase } from "./support/db.ts";
import { failedResource, signInViaApi } from "./support/fixtures.ts";
import {
  DEFAULT_ANSWER,
  expect,
  type ModelServer,
  stubExternalHosts,
  test,
} from "./support/model-server.ts";

/** /app/search/<slug>-<id> */
const THREAD_URL = /\/app\/search\/[a-z0-9-]+-[A-Za-z0-9]+$/;
/** The answer's first words, before its first citation chip. */
const FIRST_WORDS = DEFAULT_ANSWER.slice(0, DEFAULT_ANSWER.indexOf(" ["));

function turns(page: Page): Locator {
  return page.getByTestId("answer-turn");
}

function question(turn: Locator): Locator {
  return turn.locator("header").getByRole("heading");
}

async function ask(page: Page, question: string): Promise<void> {
  await page.goto("/app");
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await box.fill(question);
  await box.press("Enter");
  await expect(page).toHaveURL(THREAD_URL);
}

async function finished(turn: Locator): Promise<void> {
  await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  await expect(turn.getByRole("button", { name: "Copy" })).toBeVisible();
}

async function followUp(page: Page, question: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Ask a follow-up" });
  await box.fill(question);
  await box.press("Enter");
}

/** Makes a link in the Share dialog of `turn` and returns its path (/share/<id>). */
async function createLink(page: Page, turn: Locator, kind: "answer" | "thread"): Promise<string> {
  await turn.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByTestId("share-dialog");
  await expect(dialog).toBeVisible();
  const option = dialog.getByTestId(`share-${kind}`);
  await option.getByRole("button", { name: "Create link" }).click();
  const url = await option.getByTestId("share-url").inputValue();
  expect(url).toMatch(
    kind === "thread" ? /\/share\/t[A-Za-z0-9]{22}$/ : /\/share\/[A-Za-z0-9]{22}$/,
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  return new URL(url).pathname;
}

async function signedOutPage(
  newContext: () => Promise<BrowserContext>,
  modelServer: ModelServer,
): Promise<Page> {
  const context = await newContext();
  await stubExternalHosts(context, modelServer.origin);
  return context.newPage();
}

test.beforeEach(async ({ context, modelServer }) => {
  modelServer.answers.length = 0;
  modelServer.searxng.mode = "ok";
  await stubExternalHosts(context, modelServer.origin);
});

test("answer → bookmark → library → share the answer and the thread → read them signed out → continue → revoke", async ({
  page,
  context,
  newContext,
  modelServer,
  uniqueEmail,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // Revoked links answer 404 (the spec's not-found message is then shown).
  consoleGuard.allow(failedResource(404));
  await signInViaApi(context, uniqueEmail("sharing"));
  await ask(page, "How do shared links work?");
  const first = turns(page).first();
  await finished(first);

  // Bookmark → the library shows it (and its search finds it, or not).
  const bookmark = first.getByRole("button", { name: "Bookmark" });
  await bookmark.click();
  await expect(first.getByRole("button", { name: "Bookmarked" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const threadUrl = page.url();
  await page.goto("/app/library");
  const items = page.getByTestId("library-item");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("How do shared links work?");
  await expect(items.first()).toContainText(FIRST_WORDS);
  const search = page.getByRole("searchbox", { name: "Search your library" });
  await search.fill("zebra crossings");
  await expect(page.getByTestId("library-no-results")).toBeVisible();
  await search.fill("shared");
  await expect(items).toHaveCount(1);
  // Open it: the thread, restored from the server, still bookmarked.
  await items.first().getByRole("link", { name: "How do shared links work?" }).click();
  await expect(page).toHaveURL(threadUrl);
  await finished(turns(page).first());
  await expect(turns(page).first().getByRole("button", { name: "Bookmarked" })).toBeVisible();

  // A second turn, then one link to the first answer and one to the whole thread.
  await followUp(page, "Can I revoke a link?");
  await expect(turns(page)).toHaveCount(2);
  await finished(turns(page).nth(1));
  const answerPath = await createLink(page, turns(page).first(), "answer");
  const threadPath = await createLink(page, turns(page).nth(1), "thread");

  // Signed out, in a fresh browser: the answer with its sources and citations.
  const visitor = await signedOutPage(newContext, modelServer);
  await visitor.goto(answerPath);
  await expect(visitor.getByText("Shared from Nexus")).toBeVisible();
  const shared = visitor.getByTestId("shared-turn");
  await expect(shared).toHaveCount(1);
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText("How do shared links work?");
  await expect(shared.getByTestId("answer-markdown")).toContainText(FIRST_WORDS, {
    useInnerText: true,
  });
  await expect(shared.getByTestId("source-card").first()).toContainText("Result 1");
  await expect(shared.locator("[data-citation]").first()).toHaveAttribute(
    "href",
    "https://site1.example.org/article",
  );

  // The thread: every message.
  await visitor.goto(threadPath);
  await expect(shared).toHaveCount(2);
  await expect(shared.nth(0).getByRole("heading")).toHaveText("How do shared links work?");
  await expect(shared.nth(1).getByRole("heading")).toHaveText("Can I revoke a link?");
  for (const turn of await shared.all()) {
    await expect(turn.getByTestId("answer-markdown")).toContainText(FIRST_WORDS, {
      useInnerText: true,
    });
  }

  // Continue in Nexus, anonymously: the turns become this tab's thread; a follow-up carries them.
  await visitor.getByRole("button", { name: "Continue in Nexus" }).first().click();
  await expect(visitor).toHaveURL(THREAD_URL);
  await expect(turns(visitor)).toHaveCount(2);
  await followUp(visitor, "And who can see it?");
  await expect(turns(visitor)).toHaveCount(3);
  await finished(turns(visitor).nth(2));
  const lastRequest = modelServer.llm.requests.filter((r) => r.stream).at(-1);
  expect(JSON.stringify(lastRequest?.messages)).toContain("Can I revoke a link?");

  // Settings lists both links; revoking one makes it answer not-found.
  await page.goto("/app/settings");
  const links = page.getByTestId("share-link");
  await expect(links).toHaveCount(2);
  await page
    .getByRole("button", { name: "Revoke link: How do shared links work?" })
    .first()
    .click();
  const confirm = page.getByTestId("revoke-share-dialog");
  await confirm.getByRole("button", { name: "Revoke link" }).click();
  await expect(links).toHaveCount(1);
  await page.reload();
  await expect(links).toHaveCount(1);
  const stillThere = await links.first().getByRole("link").getAttribute("href");
  const revokedPath = stillThere?.endsWith(threadPath) ? answerPath : threadPath;
  await visitor.goto(revokedPath);
  await expect(visitor.getByTestId("share-not-found")).toContainText(
    revokedPath.startsWith("/share/t") ? MESSAGES.noSuchThreadShare : MESSAGES.noSuchShare,
  );
  await expect(visitor.getByRole("link", { name: "Ask Nexus your own question" })).toBeVisible();
});

test("a signed-in visitor continues a shared thread in a copy of their own", async ({
  page,
  context,
  newContext,
  modelServer,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("share-owner"));
  await ask(page, "What is a thread copy?");
  await finished(turns(page).first());
  const threadPath = await createLink(page, turns(page).first(), "thread");

  const other = await newContext();
  await stubExternalHosts(other, modelServer.origin);
  await signInViaApi(other, uniqueEmail("share-reader"));
  const reader = await other.newPage();
  await reader.goto(threadPath);
  await reader.getByRole("button", { name: "Continue in Nexus" }).first().click();
  await expect(reader).toHaveURL(THREAD_URL);
  await expect(turns(reader)).toHaveCount(1);
  await expect(question(turns(reader).first())).toHaveText("What is a thread copy?");
  // It is the reader's own thread now: in their history.
  await reader.goto("/app/history");
  await expect(reader.getByTestId("history-thread")).toHaveCount(1);
  await expect(reader.getByTestId("history-thread")).toContainText("What is a thread copy?");
});

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
  test.setTimeout(60_000);
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

  await turns(page).nth(1).getByRole("button", { name: "Delete answer" }).click();
  const dialog = page.getByTestId("delete-answer-dialog");
  await dialog.getByRole("button", { name: "Delete answer" }).click();
  await expect(turns(page)).toHaveCount(1);
  await expect(question(turns(page).first())).toHaveText("First question to keep?");

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
