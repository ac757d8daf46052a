import path from "node:path";
import { PRESET_AGENT_INFO } from "@nexus/contracts";
import type { Locator, Page } from "@playwright/test";
import { resetFakesAroundEachTest } from "./support/answer-page.ts";
import { fontsReady } from "./support/browser-storage.ts";
import { signInViaApi } from "./support/fixtures.ts";
import {
  expect as baseExpect,
  type ModelServer,
  stubExternalHosts,
  test,
} from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 24 scope 5: every composer attaches a ready file from Files — the paperclip's "Choose from
 * your files" lists the person's files, the chosen one is a chip (nothing uploaded), rides on the
 * question (the model is given its passage), stays on the question after a reload; picking it
 * again keeps one chip; an edited and resent question keeps its file. An answer thread, a preset
 * agent's chat and a custom agent's chat.
 */
resetFakesAroundEachTest();

const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const FILE = "skerry-light.md";
const PASSAGE = "The lamp burned colza oil";
const NOTES = `# Skerry light

The keeper of the Skerry light wound the clockwork every four hours through the night.
${PASSAGE} until 1904, when it was replaced by paraffin vapour.
`;

/** The file, added to the person's files through the API, and read to ready. */
async function uploadReady(page: Page): Promise<string> {
  const uploaded = await page.request.post("/api/files", {
    multipart: { file: { name: FILE, mimeType: "text/markdown", buffer: Buffer.from(NOTES) } },
  });
  expect(uploaded.status()).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/files/${id}`)).json()) as { status: string }).status,
      { timeout: 60_000 },
    )
    .toBe("ready");
  return id;
}

function chips(scope: Page | Locator): Locator {
  return scope.getByTestId("composer-attachment");
}

/** Paperclip → "Choose from your files" → the file checked → Attach; the dialog, for a look. */
async function openPicker(page: Page, composer: Locator): Promise<Locator> {
  await composer.getByRole("button", { name: "Attach files" }).click();
  await page.getByRole("menuitem", { name: "Choose from your files" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose from your files" });
  await expect(dialog.getByTestId("pick-files-item").first()).toBeVisible();
  return dialog;
}

async function pick(page: Page, composer: Locator) {
  const dialog = await openPicker(page, composer);
  await dialog.getByRole("checkbox", { name: new RegExp(FILE.replace(".", "\\.")) }).check();
  await dialog.getByRole("button", { name: "Attach", exact: true }).click();
  await expect(dialog).toBeHidden();
  const chip = chips(composer).filter({ hasText: FILE });
  await expect(chip.getByTestId("composer-attachment-status")).toHaveText("Ready");
}

/** Picking the file already on a chip: still one chip, and the notice says why. */
async function pickAgain(page: Page, composer: Locator) {
  await pick(page, composer);
  await expect(chips(composer)).toHaveCount(1);
  await expect(composer.getByText(`${FILE} is already attached.`)).toBeVisible();
}

/** The last streamed request to the model carried the file's passage. */
function expectPassageSent(modelServer: ModelServer) {
  const sent = JSON.stringify(modelServer.llm.requests.filter((r) => r.stream).at(-1)?.messages);
  expect(sent).toContain(PASSAGE);
}

/** Only the one file is in the person's files (nothing was uploaded again). */
async function expectOneFile(page: Page) {
  const listed = JSON.stringify(await (await page.request.get("/api/files")).json());
  expect(listed.split(FILE).length - 1).toBe(1);
}

test("answer thread: a file chosen from Files rides on the question, survives a reload, and an edited question keeps it", async ({
  page,
  context,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(180_000);
  await stubExternalHosts(context, modelServer.origin);
  await signInViaApi(context, uniqueEmail("pick-answer"));
  await uploadReady(page);
  await page.goto("/app");
  const home = page.locator("form", { has: page.getByRole("textbox", { name: "Ask anything" }) });
  await pick(page, home);
  await expect(page.getByTestId("focus-chip")).toHaveAccessibleName("Focus: Local");

  // The dialog again (the file shown as attached), light, desktop — then the same file again.
  const dialog = await openPicker(page, home);
  await expect(dialog.getByTestId("pick-files-item").filter({ hasText: FILE })).toContainText(
    "Attached",
  );
  await fontsReady(page);
  await page.screenshot({
    path: path.join(SHOTS, "attach-from-files-picker-light-desktop.png"),
    animations: "disabled",
  });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await pickAgain(page, home);

  modelServer.answers.push({ kind: "text", text: "It burned colza oil until 1904 [1]." });
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await box.fill("What oil did the lamp burn?");
  await box.press("Enter");
  const turn = page.getByTestId("answer-turn").first();
  await expect(turn).toHaveAttribute("aria-busy", "false");
  await expect(turn.getByTestId("question-attachments")).toHaveText(FILE);
  await expect(turn.getByTestId("answer-markdown")).toContainText("colza oil until 1904");
  expectPassageSent(modelServer);

  await page.reload();
  await expect(
    page.getByTestId("answer-turn").first().getByTestId("question-attachments"),
  ).toHaveText(FILE);

  // Edited and sent again: the file goes with it, and stays on the question after a reload.
  modelServer.answers.push({ kind: "text", text: "Paraffin vapour replaced it in 1904 [1]." });
  const edited = page.getByTestId("answer-turn").first();
  await edited.getByTestId("edit-question").click();
  await page.getByTestId("edit-question-input").fill("What replaced the colza oil?");
  await page
    .locator("form", { has: page.getByTestId("edit-question-input") })
    .getByRole("button", { name: "Send", exact: true })
    .click();
  await expect(edited.getByTestId("answer-markdown")).toContainText("Paraffin vapour replaced it");
  await expect(edited).toHaveAttribute("aria-busy", "false");
  await expect(edited.getByTestId("question-attachments")).toHaveText(FILE);
  expectPassageSent(modelServer);
  await page.reload();
  const restored = page.getByTestId("answer-turn").first();
  await expect(restored.getByRole("heading", { level: 1 })).toHaveText(
    "What replaced the colza oil?",
  );
  await expect(restored.getByTestId("question-attachments")).toHaveText(FILE);
  await expectOneFile(page);
});

test("preset agent chat: a file chosen from Files, read by the agent, kept after a reload; the picker as a phone sheet in dark", async ({
  page,
  context,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(180_000);
  const agent = PRESET_AGENT_INFO.writer.name;
  await stubExternalHosts(context, modelServer.origin);
  await signInViaApi(context, uniqueEmail("pick-preset"));
  await uploadReady(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/app/agents/writer");
  const composer = page.getByTestId("agent-composer");
  await openPicker(page, composer);
  await fontsReady(page);
  await page.screenshot({
    path: path.join(SHOTS, "attach-from-files-picker-dark-phone.png"),
    animations: "disabled",
  });
  await page.keyboard.press("Escape");
  await pick(page, composer);
  await pickAgain(page, composer);

  modelServer.answers.push({ kind: "text", text: "It burned colza oil until 1904." });
  const box = page.getByRole("textbox", { name: `Message ${agent}` });
  await box.fill("What oil did the lamp burn?");
  await box.press("Enter");
  await expect(page.getByTestId("question-attachments")).toHaveText(FILE);
  await expect(page.getByTestId("agent-reply").first()).toContainText("colza oil until 1904");
  expectPassageSent(modelServer);
  await expect(page).toHaveURL(/\/app\/agents\/writer\/[A-Za-z0-9_-]+$/);
  await page.reload();
  await expect(page.getByTestId("question-attachments")).toHaveText(FILE);
  await expectOneFile(page);
});

test("custom agent chat: a file chosen from Files, read by the agent, kept after a reload", async ({
  page,
  context,
  uniqueEmail,
  modelServer,
}) => {
  test.setTimeout(180_000);
  await stubExternalHosts(context, modelServer.origin);
  await signInViaApi(context, uniqueEmail("pick-custom"));
  await uploadReady(page);
  const created = await page.request.post("/api/custom-agents", {
    data: {
      name: "Lamp Keeper",
      emoji: "🕯️",
      color: "sky",
      instructions: "Answer questions about lighthouses.",
      tools: [],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/app/agents/custom/${id}`);
  const composer = page.getByTestId("agent-composer");
  // The paperclip's menu: both choices, the first focused; Escape closes it, back on the paperclip.
  const paperclip = composer.getByRole("button", { name: "Attach files" });
  await paperclip.click();
  const menu = page.getByRole("menu", { name: "Attach files" });
  await expect(menu.getByRole("menuitem")).toHaveText(["Upload a file", "Choose from your files"]);
  await expect(menu.getByRole("menuitem", { name: "Upload a file" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Choose from your files" })).toBeFocused();
  await fontsReady(page);
  await page.screenshot({
    path: path.join(SHOTS, "attach-from-files-menu-light-desktop.png"),
    animations: "disabled",
  });
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(paperclip).toBeFocused();
  await pick(page, composer);
  await pickAgain(page, composer);

  modelServer.answers.push({ kind: "text", text: "It burned colza oil until 1904." });
  const box = page.getByRole("textbox", { name: "Message Lamp Keeper" });
  await box.fill("What oil did the lamp burn?");
  await box.press("Enter");
  await expect(page.getByTestId("question-attachments")).toHaveText(FILE);
  await expect(page.getByTestId("agent-reply").first()).toContainText("colza oil until 1904");
  expectPassageSent(modelServer);
  await expect(page).toHaveURL(new RegExp(`/app/agents/custom/${id}/[A-Za-z0-9_-]+$`));
  await page.reload();
  await expect(page.getByTestId("question-attachments")).toHaveText(FILE);
  await expectOneFile(page);
});
