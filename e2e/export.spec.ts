import { readFile } from "node:fs/promises";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import {
  ask,
  finished,
  resetFakesAroundEachTest,
  THREAD_URL,
  turns,
} from "./support/answer-page.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

/** Issue 42 scope 5: Export → Markdown and PDF from an answer page, and from a History row. */
resetFakesAroundEachTest();

test("Export → Markdown and PDF on an answer page download the thread with its footnotes", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("export-answer"));
  await ask(page, "What does Nexus do?");
  await expect(page).toHaveURL(THREAD_URL);
  await finished(turns(page).first());
  const header = page.getByTestId("thread-header");

  // Markdown, by mouse.
  await header.getByRole("button", { name: "Export" }).click();
  await page.screenshot({ path: path.join(SHOTS, "export-menu-light-desktop.png") });
  const mdDownload = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Markdown" }).click();
  const md = await mdDownload;
  expect(md.suggestedFilename()).toBe("What-does-Nexus-do.md");
  const text = await readFile((await md.path()) ?? "", "utf8");
  expect(text).toContain("# What does Nexus do?");
  expect(text).toContain("Nexus searches the web and reads the top pages [^1].");
  expect(text).toMatch(/^\[\^1\]: /m);

  // PDF, by keyboard: the trigger, arrow down to PDF, Enter.
  const trigger = header.getByRole("button", { name: "Export" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Markdown" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const pdfDownload = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe("What-does-Nexus-do.pdf");
  const bytes = await readFile((await pdf.path()) ?? "");
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  await expect(trigger).toBeFocused();
  await expect(page.getByTestId("notice-error")).toHaveCount(0);
});

test("a History row's Export menu downloads Word at phone width; Export all is offered; Settings downloads all my data", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await signInViaApi(context, uniqueEmail("export-history"));
  await ask(page, "Where is my history kept?");
  await finished(turns(page).first());
  await page.goto("/app/history");
  await expect(page.getByTestId("export-all")).toHaveAttribute("href", "/api/history/export.zip");
  const row = page.getByTestId("history-thread").first();
  await row.getByRole("button", { name: "Export: Where is my history kept?" }).click();
  const menu = page.getByRole("menu", { name: "Export" });
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, "export-history-row-dark-phone.png") });
  const download = page.waitForEvent("download");
  await menu.getByRole("menuitem", { name: "Word" }).click();
  const docx = await download;
  expect(docx.suggestedFilename()).toBe("Where-is-my-history-kept.docx");
  const bytes = await readFile((await docx.path()) ?? "");
  expect(bytes.subarray(0, 2).toString()).toBe("PK");

  // Settings → "Download all my data": the account's ZIP, with its index and this thread.
  await page.goto("/app/settings");
  const accountDownload = page.waitForEvent("download");
  await page.getByTestId("export-account").click();
  const account = await accountDownload;
  expect(account.suggestedFilename()).toBe("nexus-account.zip");
  const files = unzipSync(await readFile((await account.path()) ?? ""));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["account.json", "README.md"]));
  expect(strFromU8(files["history/index.json"] ?? new Uint8Array())).toContain(
    "Where is my history kept?",
  );
});
