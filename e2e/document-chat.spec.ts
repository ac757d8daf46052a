import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { DOCUMENTS, uploadReadyDocument } from "./support/documents.ts";
import { nextFileChooser } from "./support/file-chooser.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Document and PDF chat (offline engine): open a file from Files, ask, click a citation → the
 * viewer is on its page and a highlight covers the quoted text; a reload restores the thread; a
 * DOCX marks its passage in the text view; another person gets not found; phone tabs; screenshots.
 */

const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

const uploadReady = (request: APIRequestContext, name: string) =>
  uploadReadyDocument(request, name);

async function ask(page: Page, question: string) {
  const box = page.getByTestId("document-chat-panel").getByRole("textbox");
  await box.fill(question);
  await box.press("Enter");
  await expect(page.getByTestId("document-citation").first()).toBeVisible({ timeout: 30_000 });
}

test("a PDF beside its chat: a citation scrolls to its page and highlights the quoted text", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(context, uniqueEmail("pdfchat"));
  const id = await uploadReady(page.request, "doc_1_3_pages.pdf");

  // From the Files page: the file's Chat action opens the PDF chat (a new thread).
  await page.goto("/app/files");
  await page.getByRole("link", { name: /chat/i }).first().click();
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${id}/[A-Za-z0-9]+$`));
  await expect(page.locator('[data-page="1"] canvas')).toBeVisible({ timeout: 30_000 });

  await ask(page, "What does page 2 say?");
  const chip = page.getByTestId("document-citation").first();
  await chip.click();
  const mark = page.locator('[data-page="2"] .textLayer mark.doc-highlight');
  await expect(mark.first()).toBeVisible({ timeout: 15_000 });
  // Exactly the quoted words are marked (here across two text-layer items), nothing else.
  await expect
    .poll(async () => (await mark.allTextContents()).join("").replace(/\s+/g, ""))
    .toBe("Document1:Page2");
  await expect(
    page.locator('[data-page="1"] .textLayer mark, [data-page="3"] .textLayer mark'),
  ).toHaveCount(0);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, "pdf-chat-highlight-light.png") });

  // A reload restores the thread with its citations: the same chip marks the same text.
  const url = page.url();
  await page.reload();
  await expect(page.getByTestId("document-citation").first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("document-citation").first().click();
  await expect
    .poll(
      async () =>
        (await page.locator('[data-page="2"] .textLayer mark.doc-highlight').allTextContents())
          .join("")
          .replace(/\s+/g, ""),
      { timeout: 30_000 },
    )
    .toBe("Document1:Page2");

  // Share the thread: the link shows the answer and its cited passages, never the file.
  await page.getByTestId("thread-header").getByRole("button", { name: "Share thread" }).click();
  const shareUrl = page.getByTestId("share-dialog").getByTestId("share-url");
  await expect(shareUrl).toHaveValue(/\/share\/t[A-Za-z0-9]{22}$/);
  const link = new URL(await shareUrl.inputValue()).pathname;
  await page.keyboard.press("Escape");
  // The thread's bar names it; New chat opens an empty thread of the same PDF.
  await expect(page.getByTestId("thread-title")).toContainText("What does page 2 say?");
  await page.getByTestId("document-new-chat").click();
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${id}/[A-Za-z0-9]+$`));
  expect(page.url()).not.toBe(url);
  await expect(page.getByTestId("document-suggestions")).toBeVisible();
  await expect(page.getByTestId("thread-header")).toHaveCount(0);

  // The file itself is the owner's only: another person gets not found.
  const other = await context.browser()?.newContext();
  if (!other) throw new Error("no browser");
  await signInViaApi(other, uniqueEmail("pdfchat-other"));
  const stranger = await other.newPage();
  await stranger.goto(url);
  await expect(stranger.getByRole("heading", { name: /not found/i })).toBeVisible({
    timeout: 30_000,
  });
  expect((await stranger.request.get(`/api/documents/${id}/content`)).status()).toBe(404);
  expect((await stranger.request.get(`/api/files/${id}/download`)).status()).toBe(404);

  // The same person reads the shared thread: the reply with its chip, the passage it quotes.
  await stranger.goto(link);
  const reply = stranger.getByTestId("shared-document-reply");
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await expect(reply.getByTestId("document-citation").first()).toBeVisible();
  await expect(reply.getByTestId("document-reply-text")).not.toContainText(': "');
  await expect(reply.getByTestId("shared-document-passage").first()).toContainText(
    "Document 1:Page 2",
  );
  await expect(reply.locator(`a[href*="${id}"]`)).toHaveCount(0);
  await stranger.screenshot({ path: path.join(SCREENSHOTS, "pdf-chat-shared-light.png") });
  await other.close();
});

test("a Word document in document chat marks its passage; phone width shows two tabs", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(context, uniqueEmail("docchat"));
  const id = await uploadReady(page.request, "footnotes.docx");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/document-chat/${id}`);
  await expect(page).toHaveURL(new RegExp(`/app/document-chat/${id}/[A-Za-z0-9]+$`));
  await expect(page.getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
  await ask(page, "What walks into a bar?");
  await page.getByTestId("document-citation").first().click();
  await expect(page.getByRole("tab", { name: "Document" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const mark = page.getByTestId("document-text").locator("mark.doc-highlight").first();
  await expect(mark).toBeVisible({ timeout: 15_000 });
  await expect(mark).toHaveText("A tachyon walks into a bar.");
  // "System" follows the device's switch to dark live, the sidebar (and its theme switch) closed.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.screenshot({ path: path.join(SCREENSHOTS, "document-chat-phone-dark.png") });
});

test("Arabic, Hebrew and Japanese PDFs answer, and a citation marks the quoted words", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  await signInViaApi(context, uniqueEmail("pdfscripts"));
  const cases = [
    // The text layer draws the middle word as pdf.js normalises its ligature ("اخلطوط"): the
    // words checked are the two it draws as written, in the first line's three marked items.
    { name: "ArabicCIDTrueType.pdf", question: "انواع الخطوط العربية", words: "العربية" },
    { name: "issue11656.pdf", question: "שלום עולם", words: "שלוםעולם" },
    { name: "issue16538.pdf", question: "マーケットモデル", words: "マーケットモデル" },
  ];
  for (const { name, question, words } of cases) {
    const id = await uploadReady(page.request, name);
    await page.goto(`/app/document-chat/${id}`);
    await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${id}/[A-Za-z0-9]+$`));
    await expect(page.locator('[data-page="1"] canvas')).toBeVisible({ timeout: 30_000 });
    await ask(page, question);
    await page.getByTestId("document-citation").first().click();
    const mark = page.locator('[data-page="1"] .textLayer mark.doc-highlight');
    await expect(mark.first()).toBeVisible({ timeout: 15_000 });
    // The marked characters, as pdf.js draws them (Arabic presentation forms: NFKC), hold the words.
    await expect
      .poll(
        async () => (await mark.allTextContents()).join("").normalize("NFKC").replace(/\s+/g, ""),
        {
          timeout: 15_000,
        },
      )
      .toContain(words);
    if (name.startsWith("Arabic")) {
      expect((await mark.allTextContents()).join("").normalize("NFKC")).toContain("انواع");
      // Only the first line of four holds marks.
      expect(await mark.count()).toBeLessThanOrEqual(5);
    }
    await page.screenshot({
      path: path.join(SCREENSHOTS, `pdf-chat-${name.replace(/\.pdf$/, "")}.png`),
    });
  }
});

test("a scanned PDF: its recognised text is one click from the warning, and a citation marks it there", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(context, uniqueEmail("pdfocr"));
  const id = await uploadReady(page.request, "testOCR.pdf");
  await page.goto(`/app/document-chat/${id}`);
  await expect(page.locator('[data-page="1"] canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Scanned pages were read with OCR")).toBeVisible();
  await page.getByTestId("show-recognised-text").click();
  await expect(page.getByTestId("recognised-text")).toContainText("Happy New Year");
  await page.getByTestId("show-recognised-text").click();
  await expect(page.getByTestId("recognised-text")).toHaveCount(0);
  await ask(page, "Happy New Year");
  await page.getByTestId("document-citation").first().click();
  // The scanned page has no text layer: the cited words are marked where OCR found them.
  const marks = page.locator('[data-page="1"] [data-testid="ocr-highlight"]');
  await expect(marks.first()).toBeVisible({ timeout: 15_000 });
  expect(await marks.count()).toBeGreaterThanOrEqual(3);
  const pageBox = await page.locator('[data-page="1"] canvas').boundingBox();
  const first = await marks.first().boundingBox();
  expect(pageBox && first && first.x > pageBox.x && first.y > pageBox.y).toBe(true);
  expect(first && pageBox && first.x + first.width < pageBox.x + pageBox.width).toBe(true);
  await page.screenshot({ path: path.join(SCREENSHOTS, "pdf-chat-ocr-light.png") });
  // The recognised text shows the same passage marked.
  await page.getByTestId("show-recognised-text").click();
  const mark = page.getByTestId("recognised-text").locator("mark.doc-highlight").first();
  await expect(mark).toContainText("Happy New Year");
});

test("a chat over two files: a second file added from my files is cited by name and shown at its passage", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(90_000);
  await signInViaApi(context, uniqueEmail("collection"));
  const [pdf, epub] = await Promise.all([
    uploadReady(page.request, "doc_1_3_pages.pdf"),
    uploadReady(page.request, "testEPUB.epub"),
  ]);
  await page.goto(`/app/document-chat/${pdf}`);
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${pdf}/[A-Za-z0-9]+$`));
  const bar = page.getByTestId("collection-bar");
  await expect(bar.getByTestId("collection-file")).toHaveCount(1);

  // Add files → Choose from your files → the EPUB.
  await bar.getByTestId("collection-add").click();
  await page.getByTestId("collection-pick").click();
  const dialog = page.getByTestId("pick-files-dialog");
  // The picker speaks of the chat it adds to, not of a question.
  await expect(dialog).toContainText("add them to this chat");
  await dialog.getByRole("checkbox", { name: /testEPUB\.epub/ }).check();
  await dialog.getByRole("button", { name: "Attach" }).click();
  await expect(bar.getByTestId("collection-file")).toHaveCount(2);

  await ask(page, "What is the text for chapter One?");
  const reply = page.getByTestId("document-reply").last();
  await expect(reply.getByTestId("document-passage-file").first()).toContainText("testEPUB.epub");
  // Its chip shows that file in the viewer, at the quoted passage.
  await reply.getByTestId("document-citation").first().click();
  await expect(bar.locator(`[data-file-id="${epub}"] button[aria-pressed="true"]`)).toBeVisible();
  await expect(page.locator("mark.doc-highlight").first()).toContainText(/chapter One/i, {
    timeout: 15_000,
  });
  // Labelled as the citation is: the chapter's heading, not the book's third spine item.
  await expect(page.getByTestId("document-highlight-label")).toHaveText("Cited: Chapter 1");
});

/** A question for each file of the three-file chat, and the file its reply cites. */
const THREE_FILE_QUESTIONS = [
  ["What does page 2 say?", "doc_1_3_pages.pdf"],
  ["What is the text for chapter One?", "testEPUB.epub"],
  ["What walks into a bar?", "footnotes.docx"],
] as const;

/** Asks in the document chat and waits for the new reply to cite `fileName`'s passage by name. */
async function askCiting(page: Page, question: string, fileName: string) {
  const replies = page.getByTestId("document-reply");
  const before = await replies.count();
  const box = page.getByTestId("document-chat-panel").getByRole("textbox");
  await box.fill(question);
  await box.press("Enter");
  await expect(replies).toHaveCount(before + 1, { timeout: 30_000 });
  await expect(replies.nth(before).getByTestId("document-passage-file").first()).toHaveText(
    new RegExp(fileName.replace(".", "\\.")),
    { timeout: 30_000 },
  );
}

test("a chat over three files (nightly; the two-file test is its every-run counterpart): each is cited by name, the chat and its files survive a reload, earlier chats list it, New chat is separate", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  await signInViaApi(context, uniqueEmail("collection3"));
  const [pdf, epub] = await Promise.all([
    uploadReady(page.request, "doc_1_3_pages.pdf"),
    uploadReady(page.request, "testEPUB.epub"),
  ]);
  await page.goto(`/app/document-chat/${pdf}`);
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${pdf}/[A-Za-z0-9]+$`));
  const chatUrl = page.url();
  const bar = page.getByTestId("collection-bar");
  await expect(bar.getByTestId("collection-file")).toHaveCount(1);

  // Add files → Choose from your files → the EPUB (the picker speaks of the chat's room).
  await bar.getByTestId("collection-add").click();
  await page.getByTestId("collection-pick").click();
  const dialog = page.getByTestId("pick-files-dialog");
  await expect(dialog).toContainText("add them to this chat");
  await dialog.getByRole("checkbox", { name: /testEPUB\.epub/ }).check();
  await dialog.getByRole("button", { name: "Attach" }).click();
  await expect(bar.getByTestId("collection-file")).toHaveCount(2);
  // Add files → Upload a file → a Word document, read in place and added.
  const chooser = nextFileChooser(page);
  await bar.getByTestId("collection-add").click();
  await page.getByTestId("collection-upload").click();
  await (await chooser.opened()).setFiles(path.join(DOCUMENTS, "footnotes.docx"));
  await expect(bar.getByTestId("collection-file")).toHaveCount(3, { timeout: 30_000 });
  await expect(bar).toContainText("footnotes.docx");

  // One question per file (the offline engine answers from the best passage): each reply cites
  // its file by name.
  for (const [question, name] of THREE_FILE_QUESTIONS) await askCiting(page, question, name);
  const reply = page.getByTestId("document-reply").nth(1);
  // The EPUB's chip shows that file in the viewer, at the quoted passage, labelled as cited.
  await reply.getByTestId("document-passage").filter({ hasText: "testEPUB.epub" }).first().click();
  await expect(bar.locator(`[data-file-id="${epub}"] button[aria-pressed="true"]`)).toBeVisible();
  await expect(page.locator("mark.doc-highlight").first()).toContainText(/chapter One/i, {
    timeout: 15_000,
  });
  await expect(page.getByTestId("document-highlight-label")).toHaveText("Cited: Chapter 1");
  // The page itself never scrolls: the document's bar stays in view, the chat scrolls in its column.
  expect(await page.evaluate("document.documentElement.scrollTop")).toBe(0);
  await expect(page.getByTestId("earlier-chats")).toBeInViewport();
  // The three-file chat, light and dark, desktop and phone (looked at: docs/… in the report).
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [scheme, viewport, name] of [
    ["light", { width: 1366, height: 768 }, "desktop-light"],
    ["dark", { width: 1366, height: 768 }, "desktop-dark"],
    ["light", { width: 390, height: 844 }, "phone-light"],
    ["dark", { width: 390, height: 844 }, "phone-dark"],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(viewport);
    if (viewport.width < 640) {
      // (On a phone nothing on screen follows the device's scheme live — lib/theme.ts listens
      // only while the sidebar's switch is mounted — so the page is loaded again in it.)
      await page.reload();
      await page.getByRole("tab", { name: "Chat" }).click();
      await expect(page.getByTestId("document-reply")).toHaveCount(3, { timeout: 30_000 });
    }
    await page.waitForFunction(
      `matchMedia("(prefers-color-scheme: dark)").matches === ${scheme === "dark"}`,
    );
    await page.screenshot({
      path: path.join(SCREENSHOTS, `document-chat-three-files-${name}.png`),
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A reload finds the three files and the chat.
  await page.reload();
  await expect(bar.getByTestId("collection-file")).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId("document-reply")).toHaveCount(3, { timeout: 30_000 });
  for (const [i, [, name]] of THREE_FILE_QUESTIONS.entries())
    await expect(
      page.getByTestId("document-reply").nth(i).getByTestId("document-passage-file").first(),
    ).toContainText(name);

  // Reopened from its file, the document lists the chat among its earlier ones.
  await page.goto(`/app/document-chat/${pdf}`);
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${pdf}/[A-Za-z0-9]+$`));
  expect(page.url()).not.toBe(chatUrl);
  await page.getByTestId("earlier-chats").click();
  const earlier = page.getByTestId("earlier-chat");
  await expect(earlier).toHaveCount(1, { timeout: 15_000 });
  await expect(earlier).toContainText(THREE_FILE_QUESTIONS[0][0]);
  await earlier.click();
  // (Its address is the document chat's; a PDF's chat reads the same there.)
  await expect(page).toHaveURL(new RegExp(`/${pdf}/${chatUrl.split("/").at(-1)}$`));
  await expect(bar.getByTestId("collection-file")).toHaveCount(3);
  await expect(page.getByTestId("document-reply")).toHaveCount(3);

  // New chat starts a separate one over the same files: no reply, its own address.
  await page.getByTestId("document-new-chat").click();
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${pdf}/[A-Za-z0-9]+$`));
  expect(page.url()).not.toBe(chatUrl);
  await expect(bar.getByTestId("collection-file")).toHaveCount(3);
  await expect(page.getByTestId("document-reply")).toHaveCount(0);
  await expect(page.getByTestId("document-suggestions")).toBeVisible();
});
