import { DEFAULT_COLOR_THEME, STORAGE_KEYS } from "@nexus/contracts";
import { request as playwrightRequest } from "@playwright/test";
import { AppShell } from "./pages/app-shell.ts";
import { SettingsPage } from "./pages/settings-page.ts";
import { writeLocalStorage } from "./support/browser-storage.ts";
import { expect, failedResource, signInViaApi, test } from "./support/fixtures.ts";

const html = (page: import("@playwright/test").Page) => page.locator("html");

test.describe("settings", () => {
  test("a changed name persists after reload", async ({ page, context, uniqueEmail }) => {
    await signInViaApi(context, uniqueEmail("rename"));
    const settings = new SettingsPage(page);
    await settings.goto();
    await settings.rename("Ada Lovelace");
    await page.reload();
    await expect(settings.name).toHaveValue("Ada Lovelace");
    const sidebar = await new AppShell(page).sidebar();
    await expect(sidebar.getByTestId("sidebar-user-name")).toHaveText("Ada Lovelace");
  });

  test("light/dark and the colour theme persist across reload", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    await signInViaApi(context, uniqueEmail("appearance"));
    const settings = new SettingsPage(page);
    await settings.goto();

    await settings.mode("dark").click();
    await settings.colorTheme("lime").click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(html(page)).toHaveAttribute("data-theme", "lime");
    await expect(settings.mode("dark")).toHaveAttribute("aria-checked", "true");

    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(html(page)).toHaveAttribute("data-theme", "lime");
    await expect(settings.colorTheme("lime")).toHaveAttribute("aria-checked", "true");
    // The preference applies on every page, the landing page included.
    await page.goto("/");
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(html(page)).toHaveAttribute("data-theme", "lime");

    await settings.goto();
    await settings.mode("light").click();
    await page.reload();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
  });

  test("an invalid stored colour theme falls back to indigo", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    await signInViaApi(context, uniqueEmail("bad-theme"));
    const settings = new SettingsPage(page);
    await settings.goto();
    await writeLocalStorage(page, STORAGE_KEYS.colorTheme, "hotpink");
    await page.reload();
    await expect(html(page)).toHaveAttribute("data-theme", DEFAULT_COLOR_THEME);
    await expect(settings.colorTheme(DEFAULT_COLOR_THEME)).toHaveAttribute("aria-checked", "true");
  });

  test("account deletion signs the user out and the old cookie gets 401", async ({
    page,
    context,
    uniqueEmail,
    baseURL,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(401)); // queries still in flight when the session ends
    const user = await signInViaApi(context, uniqueEmail("delete"));
    const oldCookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const settings = new SettingsPage(page);
    await settings.goto();
    await settings.deleteAccountConfirmed();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    const me = await (await context.request.get("/api/me")).json();
    expect(me).toMatchObject({ user: null });

    const replay = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: oldCookies },
    });
    const response = await replay.get(`/api/users/${user.userId}`);
    expect(response.status(), "the deleted user's old cookie").toBe(401);
    await replay.dispose();
  });
});
