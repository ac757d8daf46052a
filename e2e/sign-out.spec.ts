import { AppShell } from "./pages/app-shell.ts";
import { SettingsPage } from "./pages/settings-page.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";

test.describe("sign-out", () => {
  test("on /app/settings (sign-in only) leads to the root path", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    const user = await signInViaApi(context, uniqueEmail("signout-settings"));
    const settings = new SettingsPage(page);
    await settings.goto();
    await new AppShell(page).expectSignedInAs(user.email);
    await settings.signOut.click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    const me = await (await context.request.get("/api/me")).json();
    expect(me).toMatchObject({ user: null, tier: "anonymous" });
  });

  test("on /app/search the user stays where they are", async ({ page, context, uniqueEmail }) => {
    const user = await signInViaApi(context, uniqueEmail("signout-search"));
    const shell = new AppShell(page);
    await shell.goto("/app/search");
    await shell.expectSignedInAs(user.email);
    await shell.signOutFromSidebar();
    await shell.expectSignedOut();
    await expect(page).toHaveURL(/\/app\/search$/);
  });
});
