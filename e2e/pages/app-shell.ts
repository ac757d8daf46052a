import { expect, type Locator, type Page } from "@playwright/test";

/** The /app frame: sidebar (a drawer on phones), main area, notices, and the static footer. */
export class AppShell {
  readonly main: Locator;
  readonly footer: Locator;
  readonly notices: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole("main");
    this.footer = page.getByRole("contentinfo");
    this.notices = page.getByRole("region", { name: "Notifications" });
  }

  async goto(path = "/app"): Promise<void> {
    await this.page.goto(path);
  }

  /** The sidebar; on a phone the drawer is opened first. */
  async sidebar(): Promise<Locator> {
    const menu = this.page.getByRole("button", { name: "Open menu" });
    if (await menu.isVisible()) await menu.click();
    return this.page.getByTestId("sidebar");
  }

  async openSignIn(): Promise<void> {
    const sidebar = await this.sidebar();
    await sidebar.getByRole("button", { name: "Sign in" }).click();
  }

  /** Waits until the sidebar shows this signed-in account. */
  async expectSignedInAs(email: string): Promise<void> {
    const sidebar = await this.sidebar();
    await expect(sidebar.getByTestId("sidebar-user-email")).toHaveText(email);
  }

  async expectSignedOut(): Promise<void> {
    const sidebar = await this.sidebar();
    await expect(sidebar.getByRole("button", { name: "Sign in" })).toBeVisible();
  }

  /** Signs out from the account menu at the bottom of the sidebar. */
  async signOutFromSidebar(): Promise<void> {
    const sidebar = await this.sidebar();
    await sidebar.getByRole("button", { name: "Account menu" }).click();
    await sidebar.getByRole("button", { name: "Sign out" }).click();
  }
}
