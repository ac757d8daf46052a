import fs from "node:fs";
import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { resetFakesAroundEachTest } from "./support/answer-page.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect as baseExpect, stubExternalHosts, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 14 scope 8 / issue 13 scope 5: a file uploaded on /app/files becomes a custom agent's
 * knowledge; the agent's reply cites its passage ("name, p. N") with a link for the owner; someone
 * the agent is shared with gets the same passage cited without a download link (and the file's own
 * routes answer them 404). Screenshots of the editor's Knowledge section.
 */
resetFakesAroundEachTest();

const expect = baseExpect.configure({ timeout: 20_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const DOCUMENTS = path.resolve(REPO_ROOT, "../shared/fixtures/documents");
/** 5 pages; page 5 says "Reftest is your best bet" (MANIFEST.md). */
const PDF = "file_pdfjs_test.pdf";
const PASSAGE = "Reftest is your best bet";

async function uploadReady(page: Page) {
  await page.goto("/app/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await page.getByTestId("files-input").setInputFiles({
    name: PDF,
    mimeType: "application/pdf",
    buffer: fs.readFileSync(path.join(DOCUMENTS, PDF)),
  });
  const row = page.getByTestId("files-row").filter({ hasText: PDF });
  await expect(row.getByTestId("files-row-status")).toHaveText("Ready", { timeout: 90_000 });
}

const searchThenCite = (text: string) => [
  { kind: "tool-calls" as const, calls: [{ name: "search-files", arguments: { query: PASSAGE } }] },
  { kind: "text" as const, text },
];

test("a file as a custom agent's knowledge: cited with a link for its owner, without one for a link holder", async ({
  page,
  context,
  newContext,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(240_000);
  await stubExternalHosts(context, modelServer.origin);
  await signInViaApi(context, uniqueEmail("knowledge-owner"));
  await uploadReady(page);

  // The editor: the file is offered with its pages and chosen as the agent's knowledge.
  await page.goto("/app/agents/custom");
  await page.getByRole("button", { name: "New agent" }).first().click();
  const editor = page.getByTestId("custom-agent-editor");
  await editor.getByLabel("Name").fill("Test guide");
  await editor.getByLabel("Instructions").fill("Answer from the Mozilla testing guide.");
  const knowledge = editor.getByTestId("knowledge-picker");
  const choice = knowledge.getByRole("checkbox", { name: new RegExp(PDF.replace(".", "\\.")) });
  await expect(knowledge.getByRole("list", { name: "Your files" })).toContainText("5 pages");
  await choice.check();
  await expect(knowledge.getByTestId("knowledge-count")).toHaveText("1 / 20 files");
  await knowledge.scrollIntoViewIfNeeded();
  await fontsReady(page);
  await knowledge.screenshot({
    path: path.join(SHOTS, "custom-agent-knowledge-light-desktop.png"),
    animations: "disabled",
  });
  await editor.getByRole("button", { name: "Create agent" }).click();
  await expect(page.getByTestId("knowledge-badge")).toContainText("Knows 1 file");

  // Its chat: search-files finds the passage on page 5, and the reply cites it with a link.
  modelServer.answers.push(...searchThenCite("Use a reftest for layout [1]."));
  const box = page.getByRole("textbox", { name: "Message Test guide" });
  await box.fill("Which test should I write for a layout bug?");
  await box.press("Enter");
  const reply = page.getByTestId("agent-reply").last();
  await expect(reply).toContainText("Use a reftest for layout");
  await expect(reply).toContainText(
    /Searched the files for “Reftest is your best bet”: \d+ passages?/,
  );
  const sources = reply.getByRole("navigation", { name: "Sources" });
  const cited = sources.getByRole("link", { name: new RegExp(`${PDF}, p\\. 5`) });
  await expect(cited).toHaveAttribute(
    "href",
    /^\/app\/document-chat\/[0-9a-f-]{36}\?chunk=\d+&page=5$/,
  );
  await fontsReady(page);
  await reply.screenshot({
    path: path.join(SHOTS, "custom-agent-knowledge-owner-reply-light-desktop.png"),
    animations: "disabled",
  });
  const fileId = /\/api\/files\/([0-9a-f-]{36})\//.exec(
    (await cited.getAttribute("href")) ?? "",
  )?.[1];
  const toolResult = modelServer.llm.requests
    .filter((r) => r.stream)
    .at(-1)
    ?.messages.find((m) => m.role === "tool");
  expect(JSON.stringify(toolResult?.content)).toContain(PASSAGE);
  const agentPath = new URL(page.url()).pathname.replace(/\/[A-Za-z0-9_-]+$/, "");

  // Shared: a link holder asks, and the same passage is cited by name and page, unlinked.
  await page.goto("/app/agents/custom");
  const card = page.getByTestId("own-agent-card").filter({ hasText: "Test guide" });
  await expect(card.getByTestId("knowledge-badge")).toHaveText("Knows 1 file");
  await card.getByRole("button", { name: "Share" }).click();
  const link = await card.getByRole("textbox").inputValue();

  const other = await newContext({ baseURL: modelServer.origin });
  await stubExternalHosts(other, modelServer.origin);
  await signInViaApi(other, uniqueEmail("knowledge-holder"));
  const theirs = await other.newPage();
  await theirs.goto(new URL(link).pathname);
  await expect(theirs).toHaveURL(new RegExp(`${agentPath}$`));
  await expect(theirs.getByTestId("knowledge-badge")).toContainText("1");
  modelServer.answers.push(...searchThenCite("A reftest [1]."));
  const theirBox = theirs.getByRole("textbox", { name: "Message Test guide" });
  await theirBox.fill("Which test for a layout bug?");
  await theirBox.press("Enter");
  const theirReply = theirs.getByTestId("agent-reply").last();
  await expect(theirReply).toContainText("A reftest");
  // Source 1 is the passage on page 5, as for the owner.
  const first = theirReply.getByTestId("unlinked-source").first();
  await expect(first).toContainText(`1${PDF}, p. 5`);
  await expect(first).toContainText("Not shared");
  await expect(theirs.locator('a[href*="/api/files/"]')).toHaveCount(0);
  await fontsReady(theirs);
  await theirReply.screenshot({
    path: path.join(SHOTS, "custom-agent-knowledge-holder-reply-light-desktop.png"),
    animations: "disabled",
  });
  for (const route of [`/api/files/${fileId}`, `/api/files/${fileId}/download`])
    expect((await theirs.request.get(route)).status(), route).toBe(404);
  const agentId = agentPath.split("/").pop();
  const holderView = await theirs.request.get(`/api/custom-agents/${agentId}`);
  expect(await holderView.json()).toMatchObject({ knowledgeFiles: null, knowledgeCount: 1 });
});

test("the editor's Knowledge section in dark mode on a phone, a file uploaded in it", async ({
  newContext,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(180_000);
  const context = await newContext({
    baseURL: modelServer.origin,
    viewport: { width: 390, height: 844 },
    colorScheme: "dark",
    deviceScaleFactor: 1,
  });
  await presetLocalStorage(context, { [STORAGE_KEYS.mode]: "dark" });
  await stubExternalHosts(context, modelServer.origin);
  await signInViaApi(context, uniqueEmail("knowledge-phone"));
  const page = await context.newPage();
  await page.goto("/app/agents/custom");
  await page.getByRole("button", { name: "New agent" }).first().click();
  const knowledge = page.getByTestId("custom-agent-editor").getByTestId("knowledge-picker");
  // Uploaded inside the editor: ticked at once, followed while it is read, then its pages.
  await expect(knowledge.getByTestId("knowledge-empty")).toContainText("You have no files yet.");
  await knowledge.getByTestId("knowledge-upload-input").setInputFiles({
    name: PDF,
    mimeType: "application/pdf",
    buffer: fs.readFileSync(path.join(DOCUMENTS, PDF)),
  });
  const row = knowledge.getByRole("checkbox", { name: new RegExp(PDF.replace(".", "\\.")) });
  await expect(row).toBeChecked();
  await expect(knowledge.locator("label").filter({ hasText: PDF })).toContainText("5 pages", {
    timeout: 90_000,
  });
  await expect(knowledge.getByTestId("knowledge-count")).toHaveText("1 / 20 files");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await knowledge.scrollIntoViewIfNeeded();
  await fontsReady(page);
  const overflow: unknown = await knowledge.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBe(0);
  await knowledge.screenshot({
    path: path.join(SHOTS, "custom-agent-knowledge-dark-phone.png"),
    animations: "disabled",
  });
});
