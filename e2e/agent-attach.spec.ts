import path from "node:path";
import { PRESET_AGENT_INFO } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { resetFakesAroundEachTest } from "./support/answer-page.ts";
import { nextFileChooser } from "./support/file-chooser.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect as baseExpect, stubExternalHosts, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 24 scope 5: an agent chat takes files as the answer page does — the paperclip uploads one,
 * its chip shows on the question (and again after a reload), the agent reads the file's passages,
 * and the same bytes uploaded again reuse the file instead of adding a copy.
 */
resetFakesAroundEachTest();

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const AGENT = "writer";
const AGENT_NAME = PRESET_AGENT_INFO[AGENT].name;
const NOTES = `# Skerry light

The keeper of the Skerry light wound the clockwork every four hours through the night.
The lamp burned colza oil until 1904, when it was replaced by paraffin vapour.
`;
const notesFile = {
  name: "skerry-light.md",
  mimeType: "text/markdown",
  buffer: Buffer.from(NOTES),
};

const box = (page: Page) => page.getByRole("textbox", { name: `Message ${AGENT_NAME}` });

async function attach(page: Page) {
  const chooserOpened = nextFileChooser(page);
  await page.getByTestId("agent-composer").getByRole("button", { name: "Attach files" }).click();
  await page.getByRole("menuitem", { name: "Upload a file" }).click();
  const chooser = await chooserOpened.opened();
  await chooser.setFiles(notesFile);
  const chip = page.getByTestId("composer-attachment").filter({ hasText: "skerry-light.md" });
  await expect(chip.getByTestId("composer-attachment-status")).toHaveText("Ready");
}

test("an agent chat takes a file: chip on the question, the agent reads it, restored after reload, never uploaded twice", async ({
  page,
  context,
  baseURL,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(120_000);
  await stubExternalHosts(context, baseURL ?? "");
  await signInViaApi(context, uniqueEmail("agent-attach"));
  await page.goto(`/app/agents/${AGENT}`);
  await attach(page);
  modelServer.answers.push({ kind: "text", text: "It burned colza oil until 1904." });
  await box(page).fill("What oil did the lamp burn?");
  await box(page).press("Enter");

  await expect(page.getByTestId("question-attachments")).toHaveText("skerry-light.md");
  await expect(page.getByTestId("agent-reply").first()).toContainText("colza oil until 1904");
  // The model was given the file's passage.
  const sent = JSON.stringify(modelServer.llm.requests.filter((r) => r.stream).at(-1)?.messages);
  expect(sent).toContain("The lamp burned colza oil");
  await expect(page).toHaveURL(new RegExp(`/app/agents/${AGENT}/[A-Za-z0-9_-]+$`));
  await page.screenshot({
    path: path.join(SHOTS, "agent-attach-light-desktop.png"),
    fullPage: true,
  });

  await page.reload();
  await expect(page.getByTestId("question-attachments")).toHaveText("skerry-light.md");

  // The same bytes again, in a new chat: the file is reused, Files still lists one.
  await page.goto(`/app/agents/${AGENT}`);
  await attach(page);
  await expect(page.getByText("Already in your files: skerry-light.md")).toBeVisible();
  const files = await page.request.get("/api/files");
  const listed = JSON.stringify(await files.json());
  expect(listed.split("skerry-light.md").length - 1).toBe(1);
});
