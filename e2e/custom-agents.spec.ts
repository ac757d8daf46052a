import path from "node:path";
import { resetFakesAroundEachTest } from "./support/answer-page.ts";
import { fontsReady } from "./support/browser-storage.ts";
import { failedResource, signInViaApi } from "./support/fixtures.ts";
import { expect as baseExpect, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 13 scope 5: a custom agent is made, chats with its instructions, is edited (the next reply
 * follows the new ones), and is shared: another person gets not-found until they open its link,
 * then can use it but not change it.
 */
resetFakesAroundEachTest();

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

test("a custom agent: create, chat, edit, share; a link holder uses it but cannot change it", async ({
  page,
  context,
  browser,
  uniqueEmail,
  modelServer,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(failedResource(404)); // the other person's first look, before the link
  await signInViaApi(context, uniqueEmail("custom-owner"));
  await page.goto("/app/agents/custom");
  await page.getByRole("button", { name: "New agent" }).first().click();
  const editor = page.getByTestId("custom-agent-editor");
  await editor.getByLabel("Name").fill("Pirate Poet");
  await editor.getByLabel("Instructions").fill("Always answer as a pirate, in rhyme.");
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "custom-agent-editor-light-desktop.png") });
  await editor.getByRole("button", { name: "Create agent" }).click();

  // Its chat: the reply follows the agent's own instructions.
  modelServer.answers.push({ kind: "text", text: "Arr, the sea be wide and free." });
  const box = page.getByRole("textbox", { name: "Message Pirate Poet" });
  await box.fill("Tell me about the sea");
  await box.press("Enter");
  await expect(page.getByTestId("agent-reply").last()).toContainText("Arr, the sea be wide");
  const system = () =>
    String(modelServer.llm.requests.filter((r) => r.stream).at(-1)?.messages[0]?.content);
  expect(system()).toContain("Always answer as a pirate, in rhyme.");
  await expect(page).toHaveURL(/\/app\/agents\/custom\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+$/);
  const agentUrl = page.url().replace(/\/[A-Za-z0-9_-]+$/, "");

  // Edited: the next reply is written with the new instructions.
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page
    .getByTestId("custom-agent-editor")
    .getByLabel("Instructions")
    .fill("Answer only in haiku.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("custom-agent-editor")).toHaveCount(0);
  modelServer.answers.push({ kind: "text", text: "Waves fold into foam" });
  await box.fill("And the tide?");
  await box.press("Enter");
  await expect(page.getByTestId("agent-reply").last()).toContainText("Waves fold into foam");
  expect(system()).toContain("Answer only in haiku.");
  expect(system()).not.toContain("pirate");

  // Another person: not found, until they open the share link.
  const other = await browser.newContext({ baseURL: modelServer.origin });
  consoleGuard.watch(other);
  try {
    await signInViaApi(other, uniqueEmail("custom-holder"));
    const theirs = await other.newPage();
    await theirs.goto(new URL(agentUrl).pathname);
    await expect(theirs.getByText(/not found|does not exist|isn't here/i).first()).toBeVisible();

    await page.goto("/app/agents/custom");
    const card = page.getByTestId("own-agent-card").filter({ hasText: "Pirate Poet" });
    await card.getByRole("button", { name: "Share" }).click();
    const link = await card.getByRole("textbox").inputValue();
    expect(link).toMatch(/\/app\/agents\/custom\/shared\/[A-Za-z0-9_-]{22}$/);

    await theirs.goto(new URL(link, modelServer.origin).pathname);
    await expect(theirs).toHaveURL(new RegExp(`${new URL(agentUrl).pathname}$`));
    await expect(theirs.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
    modelServer.answers.push({ kind: "text", text: "Haiku for a guest" });
    const theirBox = theirs.getByRole("textbox", { name: "Message Pirate Poet" });
    await theirBox.fill("Hello");
    await theirBox.press("Enter");
    await expect(theirs.getByTestId("agent-reply").last()).toContainText("Haiku for a guest");
    const id = new URL(agentUrl).pathname.split("/").pop();
    const edit = await theirs.request.put(`/api/custom-agents/${id}`, {
      data: { name: "Mine now", emoji: "🤖", color: "indigo", instructions: "Leak." },
    });
    expect(edit.status()).toBe(403);
  } finally {
    await other.close();
  }
});
