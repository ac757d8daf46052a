import path from "node:path";
import { type Mode, PRESET_AGENT_INFO } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { LONG_ANSWER, resetFakesAroundEachTest } from "./support/answer-page.ts";
import { fontsReady } from "./support/browser-storage.ts";
import { inTourMatrix } from "./support/env.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect as baseExpect, DEFAULT_ANSWER, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 24 (scope 4, the web half of scope 5): an agent chat runs on the one web chat client the
 * answer page uses, so it has what the answer page has — a question typed while a reply streams is
 * queued visibly and sent after, the server's retries of the model are shown, and a new question
 * with its reply (or its error card) comes into view above the composer in a tall thread.
 */
resetFakesAroundEachTest();

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const AGENT = "writer";
const AGENT_NAME = PRESET_AGENT_INFO[AGENT].name;
const CUSTOM_NAME = "Story Coach";

/** The agent a test chats with: a preset, or a custom agent the signed-in person made. */
interface Chat {
  kind: "preset" | "custom";
  name: string;
  path: string;
}

/** Opens the agent's empty chat (making the custom agent first). */
async function openChat(page: Page, kind: Chat["kind"]): Promise<Chat> {
  if (kind === "preset") {
    await page.goto(`/app/agents/${AGENT}`);
    return { kind, name: AGENT_NAME, path: `/app/agents/${AGENT}` };
  }
  const created = await page.request.post("/api/custom-agents", {
    data: { name: CUSTOM_NAME, emoji: "📚", color: "sky", instructions: "Coach short stories." },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const chat: Chat = { kind, name: CUSTOM_NAME, path: `/app/agents/custom/${id}` };
  await page.goto(chat.path);
  return chat;
}

const box = (page: Page, name = AGENT_NAME) =>
  page.getByRole("textbox", { name: `Message ${name}` });
const replies = (page: Page) => page.getByTestId("agent-reply");
const questions = (page: Page) => page.getByTestId("agent-user-message");

async function send(page: Page, text: string, name = AGENT_NAME) {
  await box(page, name).fill(text);
  await box(page, name).press("Enter");
}

/** The reply has ended: its actions (Copy) are shown. */
async function replied(page: Page, count: number) {
  await expect(replies(page)).toHaveCount(count);
  await expect(
    replies(page)
      .nth(count - 1)
      .getByTestId("agent-reply-actions"),
  ).toBeVisible();
}

/** The element is on screen, entirely above the composer docked at the bottom. */
async function expectAboveComposer(page: Page, testId: string) {
  const element = page.getByTestId(testId).last();
  await expect(element).toBeInViewport();
  const box = await element.boundingBox();
  const composer = await page.getByTestId("agent-composer").getByRole("textbox").boundingBox();
  expect(box && composer ? box.y < composer.y : false).toBe(true);
}

for (const kind of ["preset", "custom"] as const) {
  test(`a question typed while the agent replies is queued visibly and sent after the reply (${kind} agent)`, async ({
    page,
    context,
    uniqueEmail,
    modelServer,
  }) => {
    await signInViaApi(context, uniqueEmail(`agent-queue-${kind}`));
    const chat = await openChat(page, kind);
    modelServer.answers.push(
      { kind: "text", text: LONG_ANSWER, delayMs: 10 },
      { kind: "text", text: "The queued question's reply." },
    );
    await send(page, "Write me a long story", chat.name);
    await expect(replies(page).first()).toContainText("Sentence 1 of a long answer");

    const chip = page.getByTestId("queued-question");
    await send(page, "Never mind this one", chat.name);
    await expect(chip).toContainText("Never mind this one");
    await chip.getByRole("button", { name: "Cancel the queued question" }).click();
    await expect(chip).toHaveCount(0);

    await send(page, "Now a short one", chat.name);
    await expect(chip).toContainText("Queued");
    await expect(chip).toContainText("Now a short one");
    // Held, not sent, while the first reply runs.
    await expect(questions(page)).toHaveCount(1);
    await expect(replies(page).first()).toHaveAttribute("aria-busy", "true");

    // The first reply ends on its own: the queued question goes out then, once.
    await expect(questions(page)).toHaveCount(2);
    await expect(replies(page).first()).toContainText("Sentence 80 of a long answer");
    await expect(chip).toHaveCount(0);
    await expect(questions(page).nth(1)).toHaveText("Now a short one");
    await replied(page, 2);
    await expect(replies(page).nth(1)).toContainText("The queued question's reply.");
    const sent = modelServer.llm.requests.filter((request) => request.stream);
    expect(JSON.stringify(sent.at(-1)?.messages)).toContain("Now a short one");
    expect(JSON.stringify(sent)).not.toContain("Never mind this one");
  });

  test(`the agent chat says the model is being retried while it is, then replies (${kind} agent)`, async ({
    page,
    context,
    uniqueEmail,
    modelServer,
  }) => {
    await signInViaApi(context, uniqueEmail(`agent-retry-${kind}`));
    const chat = await openChat(page, kind);
    // A 429 first (Retry-After keeps the retry on screen a while), then the reply.
    modelServer.answers.push(
      { kind: "status", status: 429, retryAfter: "3" },
      { kind: "text", text: DEFAULT_ANSWER },
    );
    await send(page, "Are you busy?", chat.name);
    const status = page.getByTestId("agent-status");
    await expect(status).toContainText("The model is busy — retrying… (attempt");
    await replied(page, 1);
    await expect(status).toHaveText("");
    await expect(page.getByTestId("agent-error")).toHaveCount(0);
  });

  test(`stopping the first reply of a new conversation keeps it, with its actions and no failed request (${kind} agent)`, async ({
    page,
    context,
    uniqueEmail,
    modelServer,
  }) => {
    await signInViaApi(context, uniqueEmail(`agent-stop-first-${kind}`));
    const chat = await openChat(page, kind);
    const abortsBefore = modelServer.llm.abortedCount();
    modelServer.answers.push({ kind: "text", text: LONG_ANSWER, delayMs: 60 });
    await send(page, "Start a long story", chat.name);
    await expect(replies(page).first()).toContainText("Sentence 2 of a long answer");
    await page.getByRole("button", { name: "Stop" }).click();
    await modelServer.llm.waitForAborts({ count: abortsBefore + 1 });
    // The actions show at once; the bookmark state of a conversation this page just started is
    // known (nothing in it is bookmarked), so nothing asks for the thread before its turn is saved
    // (that request was a 404 in the console: the console guard fails the test on it).
    await replied(page, 1);
    await expect(page.getByRole("button", { name: "Bookmark" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${chat.path}/[A-Za-z0-9_-]+$`));
    await page.reload();
    await expect(replies(page).first()).toContainText("Sentence 1 of a long answer");
  });

  test(`in a thread taller than the window, a new question and its reply (or error card) come into view above the composer (${kind} agent)`, async ({
    page,
    context,
    uniqueEmail,
    modelServer,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await signInViaApi(context, uniqueEmail(`agent-scroll-${kind}`));
    const chat = await openChat(page, kind);
    modelServer.answers.push({ kind: "text", text: LONG_ANSWER, delayMs: 0 });
    await send(page, "A long first reply", chat.name);
    await replied(page, 1);
    // The thread is taller than the window: read to its end, its first question is out of view.
    await replies(page).first().getByTestId("agent-reply-actions").scrollIntoViewIfNeeded();
    await expect(questions(page).first()).not.toBeInViewport();

    modelServer.answers.push({ kind: "text", text: "A short second reply." });
    await send(page, "A short follow-up", chat.name);
    await replied(page, 2);
    await expectAboveComposer(page, "agent-user-message");
    await expectAboveComposer(page, "agent-reply");

    // Scrolled back up, a failing follow-up still brings its question and error card into view.
    await questions(page).first().scrollIntoViewIfNeeded();
    await expect(page.getByTestId("agent-reply-actions").last()).not.toBeInViewport();
    for (let i = 0; i < 3; i++) modelServer.answers.push({ kind: "status", status: 500 });
    await send(page, "A follow-up that fails", chat.name);
    await expect(page.getByTestId("agent-error")).toBeVisible();
    await expectAboveComposer(page, "agent-user-message");
    await expectAboveComposer(page, "agent-error");
  });
}

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const MODES: Mode[] = ["light", "dark"];

for (const mode of MODES) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    if (!inTourMatrix(mode, viewportName, "agent-chat-client-1")) continue;
    test(`screenshot: an agent chat with a queued question (${mode}, ${viewportName})`, async ({
      page,
      context,
      uniqueEmail,
      modelServer,
    }) => {
      await page.emulateMedia({ colorScheme: mode });
      await page.setViewportSize(viewport);
      await signInViaApi(context, uniqueEmail(`agent-queue-shot-${mode}-${viewportName}`));
      await page.goto(`/app/agents/${AGENT}`);
      modelServer.answers.push({ kind: "text", text: LONG_ANSWER, delayMs: 200 });
      await send(page, "Write me a long story");
      await expect(replies(page).first()).toContainText("Sentence 3 of a long answer");
      await send(page, "Then make it shorter, please");
      await expect(page.getByTestId("queued-question")).toBeVisible();
      await fontsReady(page);
      await page.screenshot({
        path: path.join(SHOTS, `agent-chat-queued-${mode}-${viewportName}.png`),
        fullPage: false,
      });
      await expect(questions(page)).toHaveCount(1);
    });
  }
}
