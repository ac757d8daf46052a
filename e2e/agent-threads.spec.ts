import path from "node:path";
import { type Mode, STORAGE_KEYS } from "@nexus/contracts";
import type { BrowserContext, Page } from "@playwright/test";
import { resetFakesAroundEachTest } from "./support/answer-page.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { inTourMatrix } from "./support/env.ts";
import { failedResource, signInViaApi } from "./support/fixtures.ts";
import {
  expect as baseExpect,
  type ModelServer,
  stubExternalHosts,
  test,
} from "./support/model-server.ts";
import { startPageStandIn } from "./support/page-stand-in.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 24, scope 5: agent threads (a preset's and a custom agent's) have the answer threads'
 * features — rename, share (the agent and its tool blocks kept; Continue keeps the agent), delete,
 * new chat, and the sidebar's marker.
 */
resetFakesAroundEachTest();

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const MODES: Mode[] = ["light", "dark"];

interface AgentUnderTest {
  /** The app path of the agent's empty chat. */
  chatPath: string;
  name: string;
  /** The agent chat's URL with a conversation. */
  threadUrl: RegExp;
}

async function send(page: Page, agent: AgentUnderTest, text: string) {
  const box = page.getByRole("textbox", { name: `Message ${agent.name}` });
  await box.fill(text);
  await box.press("Enter");
}

/** A conversation whose reply reads a page through the read-url tool, then answers. */
async function converse(
  page: Page,
  agent: AgentUnderTest,
  answers: ModelServer["answers"],
  url: string,
) {
  answers.push(
    { kind: "tool-calls", calls: [{ name: "read-url", arguments: { url } }] },
    { kind: "text", text: "The Moon pulls the sea.", delayMs: 10 },
  );
  await page.goto(agent.chatPath);
  await send(page, agent, `What does ${url} say about tides?`);
  const reply = page.getByTestId("agent-reply").last();
  await expect(reply.getByTestId("agent-tool")).toContainText("Read 127.0.0.7");
  await expect(reply).toContainText("The Moon pulls the sea.");
  await expect(page).toHaveURL(agent.threadUrl);
}

/** Rename from the header; the sidebar marks the conversation with its agent. */
async function renameAndMark(page: Page, agent: AgentUnderTest, title: string) {
  const header = page.getByTestId("thread-header");
  await expect(header.getByTestId("thread-title")).toContainText("What does");
  await header.getByRole("button", { name: "Rename thread" }).click();
  const field = header.getByRole("textbox", { name: "Thread title" });
  await field.fill(title);
  await field.press("Enter");
  await expect(header.getByTestId("thread-title")).toHaveText(title);
  const recent = page.getByTestId("recent-thread").first();
  await expect(recent).toContainText(title);
  await expect(recent).toHaveAttribute("data-kind", "agent");
  await expect(recent.getByTestId("recent-thread-agent")).toHaveText(agent.name);
  await expect(recent).toHaveAttribute("aria-current", "page");
  await page.reload();
  await expect(page.getByTestId("thread-title")).toHaveText(title);
}

/** Share thread from the header: the link's path. */
async function shareThread(page: Page): Promise<string> {
  await page.getByTestId("thread-header").getByRole("button", { name: "Share thread" }).click();
  const url = page.getByTestId("share-dialog").getByTestId("share-url");
  await expect(url).toHaveValue(/\/share\/t[A-Za-z0-9]{22}$/);
  const link = new URL(await url.inputValue()).pathname;
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("share-dialog")).toBeHidden();
  return link;
}

/** What a signed-out reader sees: the agent's name and its tool block; Continue asks to sign in. */
async function readSignedOut(reader: Page, link: string, agent: AgentUnderTest, title: string) {
  await reader.goto(link);
  await expect(reader.getByTestId("shared-agent-name")).toHaveText(agent.name);
  const reply = reader.getByTestId("shared-agent-reply");
  await expect(reply.getByTestId("agent-tool")).toContainText("Read 127.0.0.7");
  await expect(reply).toContainText("The Moon pulls the sea.");
  await expect(reader.getByRole("heading", { level: 1 })).toContainText("What does");
  expect(title).not.toBe("");
  await reader.getByTestId("continue-in-nexus").last().click();
  await expect(reader.getByTestId("sign-in-dialog")).toContainText(
    `Sign in to continue this conversation with ${agent.name}.`,
  );
  await expect(reader).toHaveURL(new RegExp(`${link}$`));
}

/**
 * The owner's conversation with its sidebar marker, light and dark, desktop and phone (the phone's
 * menu opened), in contexts signed in with the owner's cookies.
 */
async function sidebarShots(
  page: Page,
  newContext: (options?: object) => Promise<BrowserContext>,
  threadPath: string,
) {
  const cookies = await page.context().cookies();
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    for (const mode of MODES) {
      if (!inTourMatrix(mode, viewportName, "agent-threads-1")) continue;
      const shotContext = await newContext({ viewport, colorScheme: mode });
      await presetLocalStorage(shotContext, { [STORAGE_KEYS.mode]: mode });
      await shotContext.addCookies(cookies);
      const shot = await shotContext.newPage();
      await shot.goto(threadPath);
      await expect(shot.getByTestId("thread-title")).toBeVisible();
      if (viewportName === "phone") await shot.getByRole("button", { name: "Open menu" }).click();
      await expect(shot.getByTestId("recent-thread-agent").first()).toBeVisible();
      await fontsReady(shot);
      await shot.screenshot({
        path: path.join(SHOTS, `agent-threads-sidebar-${mode}-${viewportName}.png`),
      });
      await shotContext.close();
    }
  }
}

/** New chat, then delete the conversation from its header: back to the agent's empty chat. */
async function newChatThenDelete(page: Page, agent: AgentUnderTest, threadPath: string) {
  await page.getByTestId("agent-new-chat").click();
  await expect(page).toHaveURL(new RegExp(`${agent.chatPath}$`));
  await expect(page.getByTestId("agent-reply")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: `Message ${agent.name}` })).toHaveValue("");
  await page.goto(threadPath);
  await page.getByTestId("thread-header").getByRole("button", { name: "Delete thread" }).click();
  await page
    .getByTestId("delete-thread-dialog")
    .getByRole("button", { name: "Delete thread" })
    .click();
  await expect(page).toHaveURL(new RegExp(`${agent.chatPath}$`));
  await expect(page.getByText("Thread deleted.")).toBeVisible();
  const gone = await page.request.get(`/api/history`);
  const body = (await gone.json()) as { threads: Array<{ threadId: string }> };
  expect(body.threads.map((t) => t.threadId)).not.toContain(threadPath.split("/").pop());
}

test("a preset agent's thread: rename, sidebar marker, share with its tool blocks, Continue keeps the agent, new chat, delete", async ({
  page,
  context,
  newContext,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(240_000);
  const pages = await startPageStandIn();
  try {
    await signInViaApi(context, uniqueEmail("agent-threads-owner"));
    const agent: AgentUnderTest = {
      chatPath: "/app/agents/url-qa",
      name: "URL Q&A",
      threadUrl: /\/app\/agents\/url-qa\/[A-Za-z0-9_-]+$/,
    };
    const url = pages.url("/tides");
    await converse(page, agent, modelServer.answers, url);
    const threadPath = new URL(page.url()).pathname;
    await renameAndMark(page, agent, "Tides with URL Q&A");
    await sidebarShots(page, newContext, threadPath);
    const link = await shareThread(page);

    // Signed out, in light and dark, desktop and phone.
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      for (const mode of MODES) {
        if (!inTourMatrix(mode, viewportName, "agent-threads-2")) continue;
        const readerContext = await newContext({ viewport, colorScheme: mode });
        await presetLocalStorage(readerContext, { [STORAGE_KEYS.mode]: mode });
        await stubExternalHosts(readerContext, modelServer.origin);
        const reader = await readerContext.newPage();
        await reader.goto(link);
        await expect(reader.getByTestId("shared-agent-name")).toHaveText(agent.name);
        await fontsReady(reader);
        await reader.screenshot({
          path: path.join(SHOTS, `agent-threads-shared-${mode}-${viewportName}.png`),
          fullPage: true,
        });
        if (viewportName === "desktop" && mode === "light")
          await readSignedOut(reader, link, agent, "Tides with URL Q&A");
      }
    }

    // Signed in, another person: Continue copies it as their conversation with the same agent.
    const otherContext = await newContext();
    await signInViaApi(otherContext, uniqueEmail("agent-threads-reader"));
    const other = await otherContext.newPage();
    await other.goto(link);
    await other.getByTestId("continue-in-nexus").last().click();
    await expect(other).toHaveURL(agent.threadUrl);
    await expect(other.getByTestId("agent-reply").last()).toContainText("The Moon pulls the sea.");
    await expect(other.getByTestId("agent-reply").last().getByTestId("agent-tool")).toContainText(
      "Read 127.0.0.7",
    );
    await expect(other.getByRole("textbox", { name: `Message ${agent.name}` })).toBeVisible();

    await newChatThenDelete(page, agent, threadPath);
    const revoked = await page.request.get(`/api/shares/${link.slice("/share/".length)}`);
    expect(revoked.status()).toBe(404);
  } finally {
    await pages.close();
  }
});

test("a custom agent's thread: rename, marker, share with its avatar and tool blocks; Continue only for someone who can use the agent", async ({
  page,
  context,
  newContext,
  uniqueEmail,
  modelServer,
  consoleGuard,
}) => {
  test.setTimeout(240_000);
  consoleGuard.allow(failedResource(403)); // Continue without the agent: refused, as it should be
  const pages = await startPageStandIn();
  try {
    await signInViaApi(context, uniqueEmail("custom-threads-owner"));
    const created = await page.request.post("/api/custom-agents", {
      data: {
        name: "Tide Tutor",
        emoji: "🌊",
        color: "sky",
        instructions: "Teach tides simply.",
        tools: ["read-url"],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const agent: AgentUnderTest = {
      chatPath: `/app/agents/custom/${id}`,
      name: "Tide Tutor",
      threadUrl: new RegExp(`/app/agents/custom/${id}/[A-Za-z0-9_-]+$`),
    };
    await converse(page, agent, modelServer.answers, pages.url("/tides"));
    const threadPath = new URL(page.url()).pathname;
    await renameAndMark(page, agent, "Tides with my tutor");
    const link = await shareThread(page);

    const readerContext = await newContext();
    await stubExternalHosts(readerContext, modelServer.origin);
    const reader = await readerContext.newPage();
    await reader.goto(link);
    await expect(reader.getByTestId("shared-agent-name")).toHaveText(agent.name);
    await fontsReady(reader);
    await reader.screenshot({
      path: path.join(SHOTS, "agent-threads-custom-shared-light-desktop.png"),
    });
    await readSignedOut(reader, link, agent, "Tides with my tutor");

    // Signed in without the agent: told plainly, nothing copied, the page stays.
    const otherContext = await newContext();
    await signInViaApi(otherContext, uniqueEmail("custom-threads-reader"));
    const other = await otherContext.newPage();
    await other.goto(link);
    await other.getByTestId("continue-in-nexus").last().click();
    await expect(other.getByTestId("notice-error")).toContainText(
      "This conversation is with a custom agent you cannot use.",
    );
    await expect(other).toHaveURL(new RegExp(`${link}$`));

    // With the agent's link accepted, Continue goes on in that agent's chat.
    const shared = await page.request.post(`/api/custom-agents/${id}/share`);
    const token = String(((await shared.json()) as { sharePath: string }).sharePath)
      .split("/")
      .pop();
    expect((await other.request.post(`/api/custom-agents/shared/${token}`)).status()).toBe(200);
    await other.getByTestId("continue-in-nexus").last().click();
    await expect(other).toHaveURL(agent.threadUrl);
    await expect(other.getByTestId("agent-reply").last()).toContainText("The Moon pulls the sea.");

    await newChatThenDelete(page, agent, threadPath);
  } finally {
    await pages.close();
  }
});
