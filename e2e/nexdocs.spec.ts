import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { fontsReady } from "./support/browser-storage.ts";
import { expect as baseExpect, failedResource, signInViaApi, test } from "./support/fixtures.ts";
import { test as modelTest } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 40: NexDocs. A document written with Markdown shortcuts and the slash menu survives a
 * reload, a version is restored, the Markdown export downloads it; a second tab's stale save
 * shows the conflict and loses nothing; another person gets not-found; an AI edit (against the
 * fake model) is a suggestion accepted from the keyboard and undone; a formula is edited beside
 * it with a live preview. Screenshots of the editor light and dark, desktop and phone.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const IMPROVED = "The harbour wall was rebuilt in March, after the winter storms.";

function editor(page: Page) {
  return page.getByTestId("nexdocs-editor");
}

async function savedAt(page: Page, revision: number) {
  await expect(page.getByTestId("nexdocs-save-state")).toHaveAttribute("data-status", "saved");
  await expect(page.getByTestId("nexdocs-save-state")).toHaveAttribute(
    "data-revision",
    String(revision),
  );
}

test("NexDocs: Markdown shortcuts and the slash menu, reload intact, restore a version, export Markdown", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(60_000);
  await signInViaApi(context, uniqueEmail("nexdocs-writer"));
  await page.goto("/app/nexdocs");
  await expect(page.getByTestId("nexdocs-empty")).toBeVisible();
  await page.getByTestId("nexdocs-new").click();
  await expect(page).toHaveURL(/\/app\/nexdocs\/[0-9a-f-]{36}$/);

  await page.getByTestId("nexdocs-title").fill("Harbour plan");
  await editor(page).click();
  // "# " is a heading (a Markdown shortcut); "/task" + Enter picks the task list from the slash menu.
  await page.keyboard.type("# Breakwater works");
  await page.keyboard.press("Enter");
  await page.keyboard.type("/task");
  await expect(page.getByTestId("nexdocs-slash-menu")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("nexdocs-slash-menu")).toHaveCount(0);
  await page.keyboard.type("Inspect the pier");
  await expect(editor(page).locator("h1")).toHaveText("Breakwater works");
  await expect(editor(page).locator('ul[data-type="taskList"] li > div')).toHaveText(
    "Inspect the pier",
  );
  await expect(page.getByTestId("nexdocs-save-state")).toHaveAttribute("data-status", "saved");
  const revision = Number(
    await page.getByTestId("nexdocs-save-state").getAttribute("data-revision"),
  );
  expect(revision).toBeGreaterThan(1);
  await expect(page.getByTestId("nexdocs-outline")).toContainText("Breakwater works");

  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "nexdocs-editor-light-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, "nexdocs-editor-light-phone.png") });
  // A reload (now in dark mode) shows what was saved.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId("nexdocs-title")).toHaveValue("Harbour plan");
  await expect(editor(page).locator("h1")).toHaveText("Breakwater works");
  await expect(editor(page).locator('ul[data-type="taskList"] li > div')).toHaveText(
    "Inspect the pier",
  );
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "nexdocs-editor-dark-phone.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(SHOTS, "nexdocs-editor-dark-desktop.png") });

  // Version 1 (the empty document) restored is a new version; the history still has the text.
  await page.getByTestId("nexdocs-history-open").click();
  const history = page.getByTestId("nexdocs-history");
  await history
    .getByRole("listitem")
    .filter({ hasText: "Version 1" })
    .getByRole("button", { name: "Restore" })
    .click();
  await expect(history).toHaveCount(0);
  await expect(editor(page).locator("h1")).toHaveCount(0);
  await savedAt(page, revision + 1);
  await page.getByTestId("nexdocs-history-open").click();
  await history
    .getByRole("listitem")
    .filter({ hasText: `Version ${revision}` })
    .getByRole("button", { name: "Restore" })
    .click();
  await expect(editor(page).locator("h1")).toHaveText("Breakwater works");
  await savedAt(page, revision + 2);

  // Export → Markdown downloads the document.
  await page.getByTestId("nexdocs-export").locator("summary").click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Markdown (.md)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Harbour-plan.md");
  const text = await readFile((await file.path()) ?? "", "utf8");
  expect(text).toContain("# Harbour plan");
  expect(text).toContain("# Breakwater works");
  expect(text).toContain("- [ ] Inspect the pier");
});

test("NexDocs: math from the slash menu is edited beside it with a live preview, saved with Enter, kept after a reload", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(45_000);
  await signInViaApi(context, uniqueEmail("nexdocs-math"));
  const made = await page.request.post("/api/nexdocs", {
    data: { title: "Tides", markdown: "Height" },
  });
  const { id } = (await made.json()) as { id: string };
  await page.goto(`/app/nexdocs/${id}`);
  await editor(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" /math");
  await expect(page.getByTestId("nexdocs-slash-menu")).toBeVisible();
  await page.keyboard.press("Enter");
  const box = page.getByTestId("nexdocs-math-editor");
  const field = box.getByLabel("Formula in TeX");
  await expect(field).toBeFocused();
  await expect(page.getByTestId("nexdocs-bubble-menu")).toBeHidden();
  await page.keyboard.type("h = \\frac{a}{b}");
  await expect(page.getByTestId("nexdocs-math-preview").locator(".katex-html")).toBeVisible();
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "nexdocs-math-light-desktop.png") });
  await page.keyboard.press("Enter");
  await expect(box).toHaveCount(0);
  const formula = editor(page).locator('[data-type="inline-math"]');
  await expect(formula.locator(".katex-html")).toBeVisible();
  await expect(page.getByTestId("nexdocs-save-state")).toHaveAttribute("data-status", "saved");

  // Dark, on a phone, after a reload: the formula is kept; a click opens it inside the screen;
  // Tab reaches its buttons and Escape leaves it as it was.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // (Its drawing: the box of the whole formula holds KaTeX's MathML, laid out off the line.)
  await formula.locator(".katex-html").click();
  await expect(field).toHaveValue("h = \\frac{a}{b}");
  const bounds = await box.boundingBox();
  expect(bounds && bounds.x >= 0 && bounds.x + bounds.width <= 390).toBe(true);
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "nexdocs-math-dark-phone.png") });
  await field.fill("x");
  await page.keyboard.press("Tab");
  await expect(box.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(box).toHaveCount(0);
  await expect(formula).toHaveAttribute("aria-label", "TeX: h = \\frac{a}{b}");
});

test("NexDocs: a second tab's stale save shows the conflict and loses nothing; another person gets not-found", async ({
  page,
  context,
  uniqueEmail,
  newContext,
  consoleGuard,
}) => {
  test.setTimeout(60_000);
  consoleGuard.allow(failedResource(409)); // the stale tab's save
  consoleGuard.allow(failedResource(404)); // the other person's look
  await signInViaApi(context, uniqueEmail("nexdocs-tabs"));
  const made = await page.request.post("/api/nexdocs", {
    data: { title: "Shared notes", markdown: "Start." },
  });
  const { id } = (await made.json()) as { id: string };
  await page.goto(`/app/nexdocs/${id}`);
  const second = await context.newPage();
  await second.goto(`/app/nexdocs/${id}`);
  await expect(editor(second)).toContainText("Start.");

  // Tab one saves first (version 2).
  await editor(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" From tab one.");
  await savedAt(page, 2);

  // Tab two still holds version 1: its save is a conflict, its text stays on screen.
  await editor(second).click();
  await second.keyboard.press("End");
  await second.keyboard.type(" From tab two.");
  await expect(second.getByTestId("nexdocs-conflict")).toBeVisible();
  await expect(editor(second)).toContainText("From tab two.");
  await second.screenshot({ path: path.join(SHOTS, "nexdocs-conflict-light-desktop.png") });

  // Keep mine: saved as version 3 on top of theirs; theirs stays in the history.
  await second.getByRole("button", { name: "Keep mine (save as new version)" }).click();
  await expect(second.getByTestId("nexdocs-conflict")).toHaveCount(0);
  await savedAt(second, 3);
  await page.reload();
  await expect(editor(page)).toContainText("From tab two.");
  const versions = (await (await page.request.get(`/api/nexdocs/${id}/versions`)).json()) as {
    versions: { revision: number }[];
  };
  expect(versions.versions.map((v) => v.revision)).toEqual([3, 2, 1]);

  // Someone else: the not-found screen, nothing of the document.
  const other = await newContext();
  await signInViaApi(other, uniqueEmail("nexdocs-other"));
  const theirs = await other.newPage();
  await theirs.goto(`/app/nexdocs/${id}`);
  await expect(theirs.getByTestId("nexdocs-not-found")).toBeVisible();
  await expect(theirs.getByText("From tab")).toHaveCount(0);
});

test("NexDocs: the side chat answers about the document with a cited section, and Insert into document places its chip", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(45_000);
  await signInViaApi(context, uniqueEmail("nexdocs-chat"));
  const markdown = [
    "# Harbour report",
    "",
    "## Repairs",
    "",
    "The breakwater was repaired in March with granite from the northern quarry.",
    "",
    "## Budget",
    "",
    "The council set aside forty thousand pounds for dredging the inner basin.",
  ].join("\n");
  const made = await page.request.post("/api/nexdocs", {
    data: { title: "Harbour report", markdown },
  });
  const { id } = (await made.json()) as { id: string };
  await page.goto(`/app/nexdocs/${id}`);
  await expect(editor(page)).toContainText("forty thousand pounds");
  await page.getByTestId("nexdocs-chat-toggle").click();
  const chat = page.getByTestId("nexdocs-chat");
  await expect(chat.getByTestId("nexdocs-chat-empty")).toBeVisible();
  await chat.getByRole("textbox").fill("How much was set aside for dredging?");
  await chat.getByRole("textbox").press("Enter");
  // The address gains the thread with the first question.
  await expect(page).toHaveURL(new RegExp(`/app/nexdocs/${id}/[A-Za-z0-9]+$`));
  const reply = chat.getByTestId("nexdocs-chat-reply");
  await expect(reply).toContainText("forty thousand pounds");
  const chip = reply.locator("[data-citation]").first();
  await expect(chip).toBeVisible();
  // (A preview needs a pointer that moved into the page first.)
  await page.mouse.move(5, 5);
  await chip.hover();
  await expect(page.getByTestId("citation-preview")).toContainText("Budget");
  await page.mouse.move(5, 5);

  // The cursor at the document's end; the answer goes there with its citation as a chip.
  await editor(page).click();
  await page.keyboard.press("Control+End");
  await reply.getByTestId("nexdocs-chat-insert").click();
  const inserted = editor(page).locator(".nexdocs-citation");
  await expect(inserted.first()).toBeVisible();
  await expect(inserted.first()).toHaveAttribute("data-title", /Budget/);
  await expect(page.getByTestId("nexdocs-save-state")).toHaveAttribute("data-status", "saved");

  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "nexdocs-chat-light-desktop.png") });
  // A reload (dark, on a phone) restores the chat in its sheet, and the inserted chip.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(editor(page).locator(".nexdocs-citation").first()).toBeVisible();
  await expect(page.getByTestId("nexdocs-chat-reply")).toContainText("forty thousand pounds");
  await fontsReady(page);
  await page.screenshot({ path: path.join(SHOTS, "nexdocs-chat-dark-phone.png") });
});
modelTest(
  "NexDocs AI edit: select a paragraph, Improve, the suggestion streams beside the original, Tab and Enter accept, undo restores",
  async ({ page, context, uniqueEmail, modelServer }) => {
    modelTest.setTimeout(60_000);
    await signInViaApi(context, uniqueEmail("nexdocs-ai"));
    const made = await page.request.post("/api/nexdocs", {
      data: { title: "Harbour", markdown: "The wall got fixed in march after storms." },
    });
    const { id } = (await made.json()) as { id: string };
    modelServer.answers.push({ kind: "text", text: IMPROVED, delayMs: 40 });
    await page.goto(`/app/nexdocs/${id}`);
    await editor(page).locator("p").first().click({ clickCount: 3 });
    await page.getByTestId("nexdocs-ai-open").click();
    await page.getByRole("menuitem", { name: "Improve writing" }).click();

    // The proposal streams beside the struck original; the document itself is unchanged.
    const suggestion = editor(page).getByTestId("nexdocs-suggestion");
    await expect(suggestion).toHaveText(IMPROVED);
    await expect(suggestion).toHaveAttribute("data-status", "done");
    await expect(editor(page).getByTestId("nexdocs-suggestion-original")).toHaveText(
      "The wall got fixed in march after storms.",
    );
    expect(modelServer.llm.requests.at(-1)?.messages.at(-1)?.content).toContain(
      "<selected_text>\nThe wall got fixed in march after storms.\n</selected_text>",
    );
    await fontsReady(page);
    await page.screenshot({ path: path.join(SHOTS, "nexdocs-suggestion-light-desktop.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, "nexdocs-suggestion-light-phone.png") });
    // Dark while the desktop's theme switch (which follows the device) is on screen.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.screenshot({ path: path.join(SHOTS, "nexdocs-suggestion-dark-desktop.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, "nexdocs-suggestion-dark-phone.png") });

    // Tab from the editor reaches Accept; Enter accepts; undo brings the original back.
    await editor(page).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("nexdocs-ai-accept")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("nexdocs-ai-panel")).toHaveCount(0);
    await expect(editor(page).locator("p").first()).toHaveText(IMPROVED);
    await expect(page.getByTestId("nexdocs-save-state")).toHaveAttribute("data-status", "saved");
    await page.keyboard.press("ControlOrMeta+z");
    await expect(editor(page).locator("p").first()).toHaveText(
      "The wall got fixed in march after storms.",
    );
  },
);
test("NexDocs: a thread opened in NexDocs keeps its citations; its read-only link is read signed out, then revoked", async ({
  page,
  context,
  uniqueEmail,
  newContext,
  consoleGuard,
}) => {
  test.setTimeout(45_000);
  consoleGuard.allow(failedResource(404)); // the revoked link, read again
  await signInViaApi(context, uniqueEmail("nexdocs-open"));
  const threadId = `ndopen${Date.now()}`;
  const source = {
    title: "Harbour almanac",
    url: "https://almanac.example/tides",
    domain: "almanac.example",
    favicon: null,
    snippet: "Tides at noon.",
  };
  const saved = await page.request.post("/api/history/import", {
    data: {
      threadId,
      focusMode: "web",
      turns: [
        { query: "When is high tide?", markdown: "High tide is at noon [1].", sources: [source] },
      ],
    },
  });
  expect(saved.ok()).toBe(true);

  // History → the thread's Export menu → Open in NexDocs: the editor, with a citation chip.
  await page.goto("/app/history");
  await page.getByTestId("history-thread-export").first().getByRole("button").click();
  await page.getByTestId("export-open-in-nexdocs").click();
  await expect(page).toHaveURL(/\/app\/nexdocs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("nexdocs-title")).toHaveValue("When is high tide?");
  const chip = editor(page).locator("a.nexdocs-citation");
  await expect(chip).toHaveText("Harbour almanac");
  await expect(chip).toHaveAttribute("href", source.url);
  await expect(editor(page)).toContainText("Sources");

  // Share → the link, read by someone signed out: the text, the citation as a link.
  await page.getByTestId("nexdocs-share").locator("summary").click();
  const url = await page.getByTestId("nexdocs-share-url").inputValue();
  expect(url).toMatch(/\/share\/d[A-Za-z0-9]{22}$/);
  const reader = await newContext();
  const shared = await reader.newPage();
  await shared.goto(new URL(url).pathname);
  await expect(shared.getByTestId("shared-nexdoc")).toContainText("High tide is at noon");
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText("When is high tide?");
  await expect(shared.locator(`a[href="${source.url}"]`).first()).toBeVisible();

  // Stop sharing: the reader's next visit is the unknown link's page.
  await page.getByTestId("nexdocs-share-revoke").click();
  await expect(page.getByTestId("nexdocs-share-url")).toHaveCount(0);
  await shared.reload();
  await expect(shared.getByTestId("share-not-found")).toBeVisible();
});
