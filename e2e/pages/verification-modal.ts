import { MESSAGES } from "@nexus/contracts";
import type { Locator, Page } from "@playwright/test";

/** The Security Verification modal (a sign-in link opened where no address is stored). */
export class VerificationModal {
  readonly dialog: Locator;
  readonly prompt: Locator;
  readonly input: Locator;
  readonly verify: Locator;
  readonly busy: Locator;
  readonly cancel: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole("dialog", { name: MESSAGES.verifyTitle });
    this.prompt = this.dialog.getByText(MESSAGES.verifyPrompt, { exact: true });
    this.input = this.dialog.getByPlaceholder(MESSAGES.verifyPlaceholder, { exact: true });
    this.verify = this.dialog.getByRole("button", { name: MESSAGES.verifyButton, exact: true });
    this.busy = this.dialog.getByRole("button", { name: MESSAGES.verifyBusy, exact: true });
    this.cancel = this.dialog.getByRole("button", { name: MESSAGES.cancel, exact: true });
    this.error = this.dialog.getByRole("alert");
  }
}
