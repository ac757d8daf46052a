import { LINK_RECENTLY_SENT_MESSAGE, MESSAGES, STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { AppShell } from "./pages/app-shell.ts";
import { SignInDialog } from "./pages/sign-in-dialog.ts";
import { VerificationModal } from "./pages/verification-modal.ts";
import { readLocalStorage } from "./support/browser-storage.ts";
import { expect, failedResource, requestLinkViaApi, test, tokenOf } from "./support/fixtures.ts";
import { signInLinkFor } from "./support/mail.ts";

const storedEmail = (page: Page) => readLocalStorage(page, STORAGE_KEYS.emailForSignIn);

test.describe("sign-in by e-mail link", () => {
  test("request a link in the dialog, open it from the e-mail, land on /app signed in", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    const email = uniqueEmail("dialog");
    const shell = new AppShell(page);
    await shell.goto("/app");
    await shell.openSignIn();
    const since = Date.now();
    await new SignInDialog(page).requestLink(email);
    expect(await storedEmail(page), "the address is kept for completion").toBe(email);

    // The mail client opens the link in a new tab of the same browser.
    const link = await signInLinkFor(email, since);
    expect(new URL(link).pathname).toBe("/app");
    const tab = await context.newPage();
    await tab.goto(link);
    await expect(tab).toHaveURL(/\/app$/);
    await new AppShell(tab).expectSignedInAs(email);
    expect(new URL(tab.url()).hash, "the token leaves the address bar").toBe("");
    expect(await storedEmail(tab), "the stored address is removed").toBeNull();
  });

  test("a link opened in a new browser asks for the address in the Security Verification modal", async ({
    request,
    newContext,
    uniqueEmail,
  }) => {
    const email = uniqueEmail("modal");
    const link = await requestLinkViaApi(request, email);
    const other = await newContext();
    const page = await other.newPage();
    await page.goto(link);

    const modal = new VerificationModal(page);
    await expect(modal.dialog).toBeVisible();
    await expect(modal.prompt).toBeVisible();
    await expect(modal.input).toBeVisible();
    await expect(modal.cancel).toBeVisible();

    await modal.verify.click();
    await expect(modal.error).toHaveText(MESSAGES.emailRequired);

    await modal.input.fill("not-an-email");
    await modal.input.press("Enter"); // Enter submits
    await expect(modal.error).toHaveText(MESSAGES.emailInvalid);

    await modal.input.press("x"); // the error clears when the user types
    await expect(modal.error).toHaveCount(0);

    // Trimmed and lower-cased before it is checked.
    await modal.input.fill(`  ${email.toUpperCase()}  `);
    await modal.verify.click();
    await expect(modal.dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app$/);
    await new AppShell(page).expectSignedInAs(email);
  });

  test("a failed confirmation with another address keeps the modal open", async ({
    request,
    newContext,
    uniqueEmail,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(400)); // the rejected completion
    const email = uniqueEmail("mismatch");
    const link = await requestLinkViaApi(request, email);
    const page = await (await newContext()).newPage();
    await page.goto(link);

    const modal = new VerificationModal(page);
    await modal.input.fill(uniqueEmail("someone-else"));
    await modal.verify.click();
    await expect(modal.error).toHaveText(MESSAGES.verificationFailed);
    await expect(modal.dialog).toBeVisible();
    await expect(modal.verify).toBeEnabled();

    // The right address still works with the same link.
    await modal.input.fill(email);
    await modal.verify.click();
    await expect(modal.dialog).toBeHidden();
    await new AppShell(page).expectSignedInAs(email);
  });

  test("a used link shows the general sign-in failure", async ({
    request,
    newContext,
    uniqueEmail,
  }) => {
    const email = uniqueEmail("used");
    const link = await requestLinkViaApi(request, email);
    const used = await request.post("/api/auth/email-link/complete", {
      data: { token: tokenOf(link), email },
    });
    expect(used.status()).toBe(200);

    const page = await (await newContext()).newPage();
    await page.goto(link);
    const shell = new AppShell(page);
    await expect(shell.notices.getByRole("alert")).toHaveText(MESSAGES.signInFailed);
    await expect(page).toHaveURL(/\/app$/);
    await expect(new VerificationModal(page).dialog).toHaveCount(0);
    await shell.expectSignedOut();
  });

  test("a repeated request says a link was sent moments ago instead of claiming a new one", async ({
    page,
    request,
    uniqueEmail,
  }) => {
    const email = uniqueEmail("repeat");
    // This browser's network was already sent the three links a requester gets per 10 minutes.
    for (let i = 0; i < 3; i++) await requestLinkViaApi(request, email);
    const shell = new AppShell(page);
    await shell.goto("/app");
    await shell.openSignIn();
    const dialog = new SignInDialog(page);
    await dialog.email.fill(email);
    await dialog.send.click();
    const status = dialog.dialog.getByRole("status");
    await expect(status).toContainText(LINK_RECENTLY_SENT_MESSAGE);
    await expect(status).toContainText(email);
    await page.screenshot({ path: test.info().outputPath("recently-sent.png") });
  });
});
