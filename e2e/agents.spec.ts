import fs from "node:fs";
import path from "node:path";
import { type Mode, PRESET_AGENT_IDS, PRESET_AGENT_INFO } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { resetFakesAroundEachTest } from "./support/answer-page.ts";
import { fontsReady } from "./support/browser-storage.ts";
import { seedUsage, withServerDatabase } from "./support/db.ts";
import { inTourMatrix } from "./support/env.ts";
import { failedResource, signInViaApi } from "./support/fixtures.ts";
import { expect as baseExpect, DEFAULT_ANSWER, test } from "./support/model-server.ts";
import { startPageStandIn, TIDES_PAGE_TEXT } from "./support/page-stand-in.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 13: the agents hub and preset agent chats on a server configured with a model (the fake
 * OpenAI-compatible server, which speaks tool calls) and SearXNG.
 */
resetFakesAroundEachTest();

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const PRESETS_DIR = path.join(REPO_ROOT, "apps/server/src/ai/agents/presets");

/** The first words of a preset's system prompt (the body of its file). */
function promptOpening(id: string): string {
  const text = fs.readFileSync(path.join(PRESETS_DIR, `${id}.md`), "utf8");
  const body = text.split(/^---$/m)[2] ?? "";
  return body.trim().slice(0, 60);
}

async function makePro(userId: string, dataDir: string): Promise<void> {
  await withServerDatabase(async (client) => {
    await client.query("update users set tier = 'pro' where id = $1", [userId]);
  }, dataDir);
}

async function agentUsage(page: Page): Promise<number> {
  const response = await page.request.get("/api/usage");
  const body = (await response.json()) as { counters: { agentUsage: { current: number } } };
  return body.counters.agentUsage.current;
}

const composer = (page: Page, id: (typeof PRESET_AGENT_IDS)[number]) =>
  page.getByRole("textbox", { name: `Message ${PRESET_AGENT_INFO[id].name}` });

async function send(page: Page, id: (typeof PRESET_AGENT_IDS)[number], text: string) {
  await composer(page, id).fill(text);
  await composer(page, id).press("Enter");
}

test("the hub lists the 43 presets; every preset chats with its own system prompt", async ({
  page,
  context,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(300_000);
  const user = await signInViaApi(context, uniqueEmail("agents-all"));
  await makePro(user.userId, modelServer.dataDir);
  await page.goto("/app/agents");
  const cards = page.getByTestId("preset-agent-card");
  await expect(cards).toHaveCount(PRESET_AGENT_IDS.length);
  await expect(cards.getByText("Coming soon")).toHaveCount(0);
  // Search narrows the list by name, description and what an agent can do (its keywords).
  await page.getByRole("searchbox").fill("python");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("Code Buddy");
  await expect(cards.nth(1)).toContainText("Interactive Python Course");
  await page.getByRole("searchbox").fill("");
  await expect(cards).toHaveCount(PRESET_AGENT_IDS.length);

  // Each preset from the hub's card and back (client-side navigation, as a person goes).
  for (const id of PRESET_AGENT_IDS) {
    modelServer.answers.push({ kind: "text", text: `Reply from ${id}.` });
    await page.locator(`[data-testid="preset-agent-card"][data-agent-id="${id}"]`).click();
    await send(page, id, `Hello ${id}`);
    await expect(page.getByTestId("agent-reply").last()).toContainText(`Reply from ${id}.`);
    await expect(page).toHaveURL(new RegExp(`/app/agents/${id}/[A-Za-z0-9_-]+$`));
    const sent = modelServer.llm.requests.filter((r) => r.stream).at(-1);
    expect(sent?.messages[0]?.role, id).toBe("system");
    expect(String(sent?.messages[0]?.content), id).toContain(promptOpening(id));
    expect(JSON.stringify(sent?.messages.at(-1)?.content), id).toContain(`Hello ${id}`);
    await page.getByRole("link", { name: "All agents" }).click();
  }
  await expect(page.getByTestId("recent-agents")).toContainText("Thought Articulation Master");
});

test("url-qa reads a page through its tool and cites it; the conversation comes back and is charged once", async ({
  page,
  context,
  uniqueEmail,
  modelServer,
}) => {
  const pages = await startPageStandIn();
  try {
    await signInViaApi(context, uniqueEmail("agents-urlqa"));
    const url = pages.url("/tides");
    modelServer.answers.push(
      { kind: "tool-calls", calls: [{ name: "read-url", arguments: { url } }] },
      { kind: "text", text: "The moon's gravity pulls the oceans [1].", delayMs: 10 },
    );
    await page.goto("/app/agents/url-qa");
    await expect(page.getByTestId("agent-starter").first()).toBeVisible();
    await send(page, "url-qa", `What does ${url} say about tides?`);
    const reply = page.getByTestId("agent-reply").last();
    await expect(reply.getByTestId("agent-tool")).toContainText("Read 127.0.0.7");
    await expect(reply).toContainText("The moon's gravity pulls the oceans");
    await expect(reply.getByRole("link", { name: /Tides explained/ }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/app\/agents\/url-qa\/[A-Za-z0-9_-]+$/);
    expect(pages.hits).toEqual(["/tides"]);
    // The sidebar's recent threads show the conversation at once.
    await expect(page.getByTestId("recent-thread").first()).toContainText("What does");
    // The model had the page's text as the tool's result.
    const toolTurn = modelServer.llm.requests.at(-1)?.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolTurn?.content)).toContain(TIDES_PAGE_TEXT.slice(0, 40));
    expect(await agentUsage(page)).toBe(1);

    // A follow-up in the same conversation costs nothing.
    modelServer.answers.push({ kind: "text", text: "Twice a day.", delayMs: 10 });
    await send(page, "url-qa", "How often?");
    await expect(page.getByTestId("agent-reply").last()).toContainText("Twice a day.");
    expect(await agentUsage(page)).toBe(1);

    // A saved reply is a history entry: bookmark it and rate it, as under answers.
    const actions = page.getByTestId("agent-reply").last().getByTestId("agent-reply-actions");
    await actions.getByRole("button", { name: "Bookmark" }).click();
    await expect(actions.getByRole("button", { name: "Bookmarked" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await actions.getByRole("button", { name: "Good answer" }).click();
    await expect(actions.getByRole("button", { name: "Good answer" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // After a reload the conversation is restored, tool row and all.
    await page.reload();
    await expect(page.getByTestId("agent-user-message")).toHaveCount(2);
    await expect(page.getByTestId("agent-tool").first()).toContainText("Read 127.0.0.7");
    await expect(page.getByTestId("agent-reply").last()).toContainText("Twice a day.");

    // It is in history under the agent's name, and opens at its chat.
    await page.goto("/app/history");
    const row = page.getByTestId("history-thread").first();
    await expect(row.getByTestId("history-thread-agent")).toHaveText("URL Q&A");
    // The kinds filter: this person has agent conversations only.
    const kinds = page.getByTestId("history-kind-filter");
    await kinds.getByRole("button", { name: "Answers" }).click();
    await expect(page.getByText("No answer threads yet")).toBeVisible();
    await kinds.getByRole("button", { name: "Agents" }).click();
    await expect(page.getByTestId("history-thread")).toHaveCount(1);
    // The saved reply is in the library under the agent's name, and opens in the agent's chat.
    await page.goto("/app/library");
    const saved = page.getByTestId("library-item").first();
    await expect(saved).toContainText("Twice a day.");
    await expect(saved.getByTestId("library-item-agent")).toHaveText("URL Q&A");
    await saved.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/app\/agents\/url-qa\/[A-Za-z0-9_-]+$/);
    await expect(page.getByTestId("agent-user-message")).toHaveCount(2);
    await page.goto("/app/history");
    await row.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/app\/agents\/url-qa\/[A-Za-z0-9_-]+$/);
    await expect(page.getByTestId("agent-user-message")).toHaveCount(2);
  } finally {
    await pages.close();
  }
});

test("code-buddy runs code; an endless loop and a memory bomb are stopped and the server keeps answering", async ({
  page,
  context,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(context, uniqueEmail("agents-code"));
  const run = (code: string, reply: string) =>
    modelServer.answers.push(
      { kind: "tool-calls", calls: [{ name: "run-code", arguments: { code } }] },
      { kind: "text", text: reply },
    );
  await page.goto("/app/agents/code-buddy");
  run("console.log(6 * 7); [1, 2, 3].map((n) => n * 2)", "It printed 42.");
  await send(page, "code-buddy", "What is 6 times 7 in JavaScript?");
  let tool = page.getByTestId("agent-reply").last().getByTestId("agent-tool");
  await expect(tool).toContainText("Ran code");
  await expect(tool.getByTestId("run-code-stdout")).toHaveText("42");
  await expect(page.getByTestId("agent-reply").last()).toContainText("It printed 42.");

  run("while (true) {}", "That loop never ends.");
  await send(page, "code-buddy", "Run an endless loop");
  tool = page.getByTestId("agent-reply").last().getByTestId("agent-tool");
  // The sandbox runs 3 s before it stops the loop: a loaded machine needs longer than usual.
  await expect(tool).toContainText("Stopped the code", { timeout: 45_000 });
  await expect(tool.getByTestId("run-code-error")).toContainText("longer than 3 seconds");

  // A bomb that quadruples: 8 MB, then 32 MB more is over the limit. Every megabyte the code fills
  // costs page faults that a loaded machine makes slow (a megabyte string per step, ~32 MB filled,
  // once took longer than the 3 s time limit on a machine at load 15): this one fills 8 MB.
  run(
    "const a = []; for (let n = 8 << 20; ; n *= 4) a.push(new Uint8Array(n));",
    "That used too much memory.",
  );
  await send(page, "code-buddy", "Fill the memory");
  tool = page.getByTestId("agent-reply").last().getByTestId("agent-tool");
  await expect(tool.getByTestId("run-code-error")).toContainText("more than 32 MB of memory");
  await expect(page.getByTestId("agent-reply").last()).toContainText("That used too much memory.");

  // The server answers as before.
  expect((await page.request.get("/api/health")).status()).toBe(200);
  run("1 + 1", "Two.");
  await send(page, "code-buddy", "And 1 + 1?");
  await expect(page.getByTestId("agent-reply").last()).toContainText("Two.");
});

test("image-generator shows the image it made, kept as the person's file", async ({
  page,
  context,
  uniqueEmail,
  modelServer,
}) => {
  await signInViaApi(context, uniqueEmail("agents-image"));
  modelServer.answers.push(
    { kind: "tool-calls", calls: [{ name: "generate-image", arguments: { prompt: "a red fox" } }] },
    { kind: "text", text: "Here is your fox." },
  );
  await page.goto("/app/agents/image-generator");
  await send(page, "image-generator", "Draw a red fox");
  const image = page.getByTestId("agent-reply").last().getByRole("img", { name: "a red fox" });
  await expect(image).toBeVisible();
  await expect(image).toHaveJSProperty("complete", true);
  expect(
    await image.evaluate((img) => (img as { naturalWidth: number }).naturalWidth),
  ).toBeGreaterThan(0);
  const src = await image.getAttribute("src");
  expect(src).toMatch(/^\/api\/files\/[0-9a-f-]+\/view$/);
  const shown = await page.request.get(src ?? "");
  expect(shown.status()).toBe(200);
  expect(shown.headers()["content-type"]).toBe("image/png");
  expect(shown.headers()["content-disposition"]).toMatch(/^inline; /);
  // "Open full size" opens the same inline image (not a download).
  await expect(page.getByRole("link", { name: "Open full size" })).toHaveAttribute(
    "href",
    src ?? "",
  );
  await expect(page.getByTestId("agent-reply").last()).toContainText("Here is your fox.");
});

test("title-generator asks for its fields in a form, then writes the draft from them", async ({
  page,
  context,
  uniqueEmail,
  modelServer,
}) => {
  await signInViaApi(context, uniqueEmail("agents-form"));
  modelServer.answers.push({ kind: "text", text: "1. Tides, Explained Simply" });
  await page.goto("/app/agents/title-generator");
  const form = page.getByTestId("agent-form");
  await form.getByLabel("What is it about?").fill("Why the sea rises twice a day");
  await form.getByLabel("Where will it appear?").selectOption("Blog article");
  await form.getByRole("button", { name: "Write the draft" }).click();
  await expect(page.getByTestId("agent-reply").last()).toContainText("Tides, Explained Simply");
  await expect(form).toHaveCount(0);
  const sent = modelServer.llm.requests.filter((r) => r.stream).at(-1);
  expect(JSON.stringify(sent?.messages.at(-1)?.content)).toContain(
    "What is it about?:\\nWhy the sea rises twice a day\\n\\nWhere will it appear?:\\nBlog article",
  );
});

test("at the agent limit a new conversation shows the limit card", async ({
  page,
  context,
  uniqueEmail,
  modelServer,
  consoleGuard,
}) => {
  consoleGuard.allow(failedResource(429)); // the refused request, shown as the limit card
  const user = await signInViaApi(context, uniqueEmail("agents-limit"));
  await seedUsage({
    userId: user.userId,
    period: new Date().toISOString().slice(0, 7),
    search: 0,
    addFiles: 0,
    agentUsage: 5,
    dataDir: modelServer.dataDir,
  });
  await page.goto("/app/agents/maya");
  const before = modelServer.llm.requests.length;
  await send(page, "maya", "Plan my week");
  const card = page.getByTestId("quota-limit");
  await expect(card).toBeVisible();
  await expect(card).toContainText("5");
  expect(modelServer.llm.requests.length).toBe(before);
});

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const MODES: Mode[] = ["light", "dark"];

for (const mode of MODES) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    // Light/desktop and dark/phone in `npm test`; the full matrix nightly (E2E_FULL_MATRIX=1).
    if (!inTourMatrix(mode, viewportName, "agents-1")) continue;
    test(`screenshots: the hub and a chat with a tool part (${mode}, ${viewportName})`, async ({
      page,
      context,
      uniqueEmail,
      modelServer,
    }) => {
      const pages = await startPageStandIn();
      try {
        await page.emulateMedia({ colorScheme: mode });
        await page.setViewportSize(viewport);
        await signInViaApi(context, uniqueEmail(`agents-shots-${mode}-${viewportName}`));
        const shoot = async (name: string) => {
          await fontsReady(page);
          await page.screenshot({
            path: path.join(SHOTS, `agents-${name}-${mode}-${viewportName}.png`),
            fullPage: false,
          });
        };
        await page.goto("/app/agents");
        await expect(page.getByTestId("preset-agent-card").first()).toBeVisible();
        await shoot("hub");
        const url = pages.url("/tides");
        modelServer.answers.push(
          { kind: "tool-calls", calls: [{ name: "read-url", arguments: { url } }] },
          { kind: "text", text: DEFAULT_ANSWER },
        );
        await page.goto("/app/agents/url-qa");
        await send(page, "url-qa", `Summarise ${url}`);
        await expect(page.getByTestId("agent-reply").last()).toContainText("numbered citations");
        await shoot("chat");
      } finally {
        await pages.close();
      }
    });
  }
}
