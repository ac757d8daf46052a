import type { ColorTheme, Mode } from "@nexus/contracts";
import { expect, type Locator, type Page } from "@playwright/test";

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** /app/settings: profile, appearance, session and the danger zone. */
export class SettingsPage {
  readonly name: Locator;
  readonly save: Locator;
  readonly saved: Locator;
  readonly signOut: Locator;
  readonly deleteAccount: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole("main");
    this.name = main.getByRole("textbox", { name: "Name", exact: true });
    this.save = main.getByRole("button", { name: "Save changes" });
    this.saved = main.getByText("Profile saved.");
    this.signOut = main.getByRole("button", { name: "Sign out" });
    this.deleteAccount = main.getByRole("button", { name: "Delete account", exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto("/app/settings");
    await expect(this.page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  }

  mode(mode: Mode): Locator {
    return this.page
      .getByRole("radiogroup", { name: "Mode" })
      .getByRole("radio", { name: capitalised(mode), exact: true });
  }

  colorTheme(theme: ColorTheme): Locator {
    return this.page
      .getByRole("radiogroup", { name: "Colour theme" })
      .getByRole("radio", { name: capitalised(theme), exact: true });
  }

  async rename(name: string): Promise<void> {
    await this.name.fill(name);
    await this.save.click();
    await expect(this.saved).toBeVisible();
  }

  /** Deletes the account through its typed confirmation. */
  async deleteAccountConfirmed(): Promise<void> {
    await this.deleteAccount.click();
    const dialog = this.page.getByRole("dialog", { name: "Delete account" });
    await dialog.getByRole("textbox", { name: /Type DELETE/ }).fill("DELETE");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
  }
}
