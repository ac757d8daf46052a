import crypto from "node:crypto";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import {
  ask,
  finished,
  followUp,
  LONG_ANSWER,
  question,
  resetFakesAroundEachTest,
  THREAD_URL,
  turns,
} from "./support/answer-page.ts";
import { withServerDatabase } from "./support/db.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect, type ModelServer, stubExternalHosts, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/** Issue 12: the question in view, threads in the sidebar, rename, one-click share, toasts. */
resetFakesAroundEachTest();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

/** The heading's top, in the viewport, must be within its first quarter (and below the top bar). */
async function expectQuestionInView(page: Page, turn: Locator, minTop: number): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  const box = await question(turn).boundingBox();
  expect(box, "question heading box").not.toBeNull();
  const top = box?.y ?? -1;
  expect(top).toBeGreaterThanOrEqual(minTop);
  expect(top).toBeLessThanOrEqual(viewport.height * 0.25);
}

async function seedThreads(
  modelServer: ModelServer,
  userId: string,
  rows: { threadId: string; query: string; at: Date }[],
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
            markdown: `An answer about ${row.query}`,
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

const newThreadId = () => crypto.randomBytes(11).toString("hex");

for (const [name, viewport, topBar] of [
  ["desktop", DESKTOP, 0],
  ["phone", PHONE, 56],
] as const) {
  test(`the question stays in view after the first answer and a follow-up (${name})`, async ({
    page,
    modelServer,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    modelServer.answers.push({ kind: "text", text: LONG_ANSWER, delayMs: 2 });
    modelServer.answers.push({ kind: "text", text: LONG_ANSWER, delayMs: 2 });
    await ask(page, "How long is the Varnholt Bridge?");
    const first = turns(page).first();
    await finished(first);
    await expectQuestionInView(page, first, topBar);

    await followUp(page, "When was it built?");
    const second = turns(page).nth(1);
    await expect(question(second)).toHaveText("When was it built?");
    // Pinned while the answer is still being written, and still there when it ends.
    await expectQuestionInView(page, second, topBar);
    await finished(second);
    await expectQuestionInView(page, second, topBar);
    // The answer is long: it runs below the window rather than pushing the question above it.
    const answerBox = await second.getByTestId("answer-markdown").boundingBox();
    expect((answerBox?.y ?? 0) + (answerBox?.height ?? 0)).toBeGreaterThan(viewport.height);
  });
}

test("the sidebar lists the 10 most recent threads, opens them without a reload, and the header renames one", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  const user = await signInViaApi(context, uniqueEmail("threads-sidebar"));
  const start = Date.UTC(2026, 0, 1);
  const seeded = Array.from({ length: 12 }, (_, i) => ({
    threadId: newThreadId(),
    query: `Seeded question number ${i + 1}`,
    at: new Date(start + i * 60_000),
  }));
  await seedThreads(modelServer, user.userId, seeded);
  await page.goto("/app");
  const sidebar = page.getByTestId("sidebar");
  const links = sidebar.getByTestId("recent-thread");
  const newestTen = seeded
    .slice(-10)
    .reverse()
    .map((row) => row.query);
  await expect(links.nth(9)).toBeVisible();
  expect((await links.allInnerTexts()).slice(0, 10)).toEqual(newestTen);

  // A marker on the window survives: moving between threads is not a page load.
  await page.evaluate("window.__nexusMarker = 'kept'");
  await links.nth(1).click();
  await expect(page).toHaveURL(THREAD_URL);
  await expect(question(turns(page).first())).toHaveText(newestTen[1] ?? "");
  await expect(links.nth(1)).toHaveAttribute("aria-current", "page");
  await expect(links.nth(0)).not.toHaveAttribute("aria-current", "page");
  await links.nth(0).click();
  await expect(question(turns(page).first())).toHaveText(newestTen[0] ?? "");
  await expect(links.nth(0)).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate("window.__nexusMarker")).toBe("kept");

  // Rename from the thread header: the header and the sidebar show it, and it is kept.
  const header = page.getByTestId("thread-header");
  await expect(header.getByTestId("thread-title")).toHaveText(newestTen[0] ?? "");
  await header.getByRole("button", { name: "Rename thread" }).click();
  const field = header.getByRole("textbox", { name: "Thread title" });
  await field.fill("My renamed thread");
  await field.press("Enter");
  await expect(header.getByTestId("thread-title")).toHaveText("My renamed thread");
  await expect(links.nth(0)).toHaveText("My renamed thread");
  await page.reload();
  await expect(page.getByTestId("thread-title")).toHaveText("My renamed thread");
  await expect(page.getByTestId("recent-thread").first()).toHaveText("My renamed thread");
  await page.goto("/app/history");
  await expect(page.getByTestId("history-thread").first()).toContainText("My renamed thread");

  // More threads are one click away.
  await page.goto("/app");
  await expect(page.getByTestId("recent-thread")).toHaveCount(12);
});

test("Share copies a working link in one click; the answer's menu switches and revokes it; toasts stay clear of the composer", async ({
  page,
  context,
  newContext,
  baseURL,
  modelServer,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signInViaApi(context, uniqueEmail("threads-share"));
  await ask(page, "What is Nexus?");
  await finished(turns(page).first());
  await followUp(page, "Who makes it?");
  await finished(turns(page).nth(1));

  // The thread header's Share: the whole thread, copied at once.
  await page.getByTestId("thread-header").getByRole("button", { name: "Share thread" }).click();
  const toast = page.getByTestId("notice-success");
  await expect(toast).toHaveText("Link to the whole thread copied.");
  const threadLink = String(await page.evaluate("navigator.clipboard.readText()"));
  expect(threadLink).toMatch(/\/share\/t[A-Za-z0-9]{22}$/);
  const dialog = page.getByTestId("share-dialog");
  await expect(dialog.getByTestId("share-url")).toHaveValue(threadLink);
  await expect(dialog.getByTestId("share-access")).toContainText("Anyone with the link");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The toast sits clear of the follow-up box and its send button.
  const composer = await page.getByTestId("follow-up").boundingBox();
  const notice = await toast.boundingBox();
  expect(composer && notice).toBeTruthy();
  if (composer && notice) expect(notice.y + notice.height).toBeLessThanOrEqual(composer.y);
  await page.screenshot({ path: path.join(SHOTS, "ux2-share-toast-light-desktop.png") });

  const reader = await newContext();
  await stubExternalHosts(reader, modelServer.origin);
  const shared = await reader.newPage();
  await shared.goto(new URL(threadLink).pathname);
  await expect(shared.getByTestId("shared-turn")).toHaveCount(2);
  await expect(shared.getByRole("heading", { name: "What is Nexus?" })).toBeVisible();

  // The answer's own menu: that answer's link, then the whole thread, then revoked.
  await turns(page).nth(1).getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByTestId("share-dialog").getByTestId("share-url")).toHaveValue(
    /\/share\/[A-Za-z0-9]{22}$/,
  );
  const answerLink = String(await page.evaluate("navigator.clipboard.readText()"));
  expect(answerLink).toMatch(/\/share\/[A-Za-z0-9]{22}$/);
  await shared.goto(new URL(answerLink).pathname);
  await expect(shared.getByTestId("shared-turn")).toHaveCount(1);
  await page.getByTestId("share-scope-thread").click();
  await expect(page.getByTestId("share-dialog").getByTestId("share-url")).toHaveValue(threadLink);
  await page.getByRole("button", { name: "Revoke link" }).click();
  await expect(page.getByText("Link revoked: it no longer opens.")).toBeVisible();
  const gone = await reader.request.get(`/api/shares/${new URL(threadLink).pathname.slice(7)}`);
  expect(gone.status()).toBe(404);
});

test("on the phone, a toast does not cover the composer and New thread is in the top bar", async ({
  page,
  context,
  baseURL,
  uniqueEmail,
}) => {
  await page.setViewportSize(PHONE);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await signInViaApi(context, uniqueEmail("threads-phone"));
  await ask(page, "What is Nexus?");
  await finished(turns(page).first());
  await page.getByTestId("thread-header").getByRole("button", { name: "Share thread" }).click();
  await expect(page.getByTestId("share-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("share-dialog")).toBeHidden();
  const toast = page.getByTestId("notice-success");
  await expect(toast).toBeVisible();
  const composer = await page.getByTestId("follow-up").boundingBox();
  const notice = await toast.boundingBox();
  if (!composer || !notice) throw new Error("no boxes");
  expect(notice.y + notice.height).toBeLessThanOrEqual(composer.y);
  await page.screenshot({ path: path.join(SHOTS, "ux2-share-toast-light-phone.png") });
  await page.getByTestId("new-thread").click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("textbox", { name: "Ask anything" })).toBeVisible();
});
