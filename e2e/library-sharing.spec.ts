import { MESSAGES } from "@nexus/contracts";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import {
  ask,
  finished,
  followUp,
  question,
  resetFakesAroundEachTest,
  THREAD_URL,
  turns,
} from "./support/answer-page.ts";
import { failedResource, signInViaApi } from "./support/fixtures.ts";
import {
  DEFAULT_ANSWER,
  expect,
  type ModelServer,
  stubExternalHosts,
  test,
} from "./support/model-server.ts";

/** Bookmarks, the library, and share links read signed out, continued and revoked. */
/** The answer's first words, before its first citation chip. */
const FIRST_WORDS = DEFAULT_ANSWER.slice(0, DEFAULT_ANSWER.indexOf(" ["));

/** Makes a link in the Share dialog of `turn` and returns its path (/share/<id>). */
async function createLink(page: Page, turn: Locator, kind: "answer" | "thread"): Promise<string> {
  // One click makes (and copies) the link: an answer's from its own Share, the thread's from the
  // thread header's.
  if (kind === "thread")
    await page.getByTestId("thread-header").getByRole("button", { name: "Share thread" }).click();
  else await turn.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByTestId("share-dialog");
  await expect(dialog).toBeVisible();
  const field = dialog.getByTestId("share-url");
  await expect(field).toHaveValue(
    kind === "thread" ? /\/share\/t[A-Za-z0-9]{22}$/ : /\/share\/[A-Za-z0-9]{22}$/,
  );
  const url = await field.inputValue();
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

resetFakesAroundEachTest();

test("answer → bookmark → library → share the answer and the thread → read them signed out → continue → revoke", async ({
  page,
  context,
  newContext,
  modelServer,
  uniqueEmail,
  consoleGuard,
}) => {
  test.setTimeout(150_000);
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
  // Each turn's question heads it (h1 for the first, h2 after), beside its media panel's heading.
  await expect(
    shared.nth(0).getByRole("heading", { name: "How do shared links work?", exact: true }),
  ).toBeVisible();
  await expect(
    shared.nth(1).getByRole("heading", { name: "Can I revoke a link?", exact: true }),
  ).toBeVisible();
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
