import { expect, type Locator, type Page } from "@playwright/test";

/** The e-mail link sign-in dialog: address → "check your email". */
export class SignInDialog {
  readonly dialog: Locator;
  readonly email: Locator;
  readonly send: Locator;
  readonly checkEmail: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole("dialog", { name: "Sign in" });
    this.email = this.dialog.getByRole("textbox", { name: "Email" });
    this.send = this.dialog.getByRole("button", { name: "Send sign-in link" });
    this.checkEmail = this.dialog.getByRole("heading", { name: "Check your email" });
  }

  async requestLink(email: string): Promise<void> {
    await expect(this.dialog).toBeVisible();
    await this.email.fill(email);
    await this.send.click();
    await expect(this.checkEmail).toBeVisible();
    await expect(this.dialog.getByRole("status")).toContainText(email);
  }
}
