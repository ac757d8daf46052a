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
  await page.emulateMedia({ colorScheme: "dark" });
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

test("a chat over three files: each is cited by name, the chat and its files survive a reload, earlier chats list it, New chat is separate", async ({
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

  await ask(page, "chapter One text, Document 1 Page 2, and what walks into a bar?");
  const reply = page.getByTestId("document-reply").last();
  const files = reply.getByTestId("document-passage-file");
  for (const name of ["doc_1_3_pages.pdf", "testEPUB.epub", "footnotes.docx"])
    await expect(files.filter({ hasText: name }).first()).toBeVisible();
  // The EPUB's chip shows that file in the viewer, at the quoted passage, labelled as cited.
  await reply.getByTestId("document-passage").filter({ hasText: "testEPUB.epub" }).first().click();
  await expect(bar.locator(`[data-file-id="${epub}"] button[aria-pressed="true"]`)).toBeVisible();
  await expect(page.locator("mark.doc-highlight").first()).toContainText(/chapter One/i, {
    timeout: 15_000,
  });
  await expect(page.getByTestId("document-highlight-label")).toHaveText("Cited: Chapter 1");
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, "document-chat-three-files-light.png") });

  // A reload finds the three files and the chat.
  await page.reload();
  await expect(bar.getByTestId("collection-file")).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId("document-reply")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId("document-passage-file").first()).toBeVisible();

  // Reopened from its file, the document lists the chat among its earlier ones.
  await page.goto(`/app/document-chat/${pdf}`);
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${pdf}/[A-Za-z0-9]+$`));
  expect(page.url()).not.toBe(chatUrl);
  await page.getByTestId("earlier-chats").click();
  const earlier = page.getByTestId("earlier-chat");
  await expect(earlier).toHaveCount(1, { timeout: 15_000 });
  await expect(earlier).toContainText("chapter One text");
  await earlier.click();
  await expect(page).toHaveURL(chatUrl);
  await expect(bar.getByTestId("collection-file")).toHaveCount(3);
  await expect(page.getByTestId("document-reply")).toHaveCount(1);

  // New chat starts a separate one: one file, no reply; the earlier chat keeps its own.
  await page.getByTestId("document-new-chat").click();
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${pdf}/[A-Za-z0-9]+$`));
  expect(page.url()).not.toBe(chatUrl);
  await expect(bar.getByTestId("collection-file")).toHaveCount(1);
  await expect(page.getByTestId("document-reply")).toHaveCount(0);
  await expect(page.getByTestId("document-suggestions")).toBeVisible();
});

test("screenshots of a chat over three files: light and dark, desktop and phone", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(context, uniqueEmail("collection-shots"));
  const [pdf, epub, docx] = await Promise.all([
    uploadReady(page.request, "doc_1_3_pages.pdf"),
    uploadReady(page.request, "testEPUB.epub"),
    uploadReady(page.request, "footnotes.docx"),
  ]);
  await page.goto(`/app/document-chat/${pdf}`);
  await expect(page).toHaveURL(new RegExp(`/app/pdf-chat/${pdf}/[A-Za-z0-9]+$`));
  const threadId = page.url().split("/").at(-1);
  for (const id of [epub, docx]) {
    const added = await page.request.post(`/api/documents/${pdf}/threads/${threadId}/files`, {
      data: { add: [id] },
    });
    expect(added.ok()).toBe(true);
  }
  await page.reload();
  await expect(page.getByTestId("collection-file")).toHaveCount(3, { timeout: 30_000 });
  await ask(page, "chapter One text, Document 1 Page 2, and what walks into a bar?");
  await page.getByTestId("document-passage").filter({ hasText: "testEPUB.epub" }).first().click();
  await expect(page.locator("mark.doc-highlight").first()).toBeVisible({ timeout: 15_000 });
  for (const [scheme, viewport, name] of [
    ["light", { width: 1366, height: 768 }, "desktop-light"],
    ["dark", { width: 1366, height: 768 }, "desktop-dark"],
    ["light", { width: 390, height: 844 }, "phone-light"],
    ["dark", { width: 390, height: 844 }, "phone-dark"],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(viewport);
    if (viewport.width < 640) await page.getByRole("tab", { name: "Chat" }).click();
    await page.screenshot({
      path: path.join(SCREENSHOTS, `document-chat-three-files-${name}.png`),
    });
  }
});
