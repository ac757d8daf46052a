import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { signInAsSuperAdmin } from "./support/db.ts";
import { e2eEnv } from "./support/env.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * The interface's languages: Settings → Language sets Arabic for the account (right to left,
 * translated, kept after a reload even with this browser's storage cleared); the screenshot tour
 * (nightly) shows Settings and the shell in Arabic and German, light and dark, desktop and phone,
 * and the admin area and custom agents (catalogue parts of their own) on a phone in three more.
 */

const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const html = (page: Page) => page.locator("html");

async function chooseLanguage(page: Page, value: string): Promise<void> {
  const select = page.getByRole("combobox", { name: "Interface language" });
  await select.selectOption(value);
  // Saved for the account (PATCH /api/users/:id/settings) before the reload below; its label is
  // now in the chosen language.
  await expect(page.getByTestId("ui-language")).toBeEnabled();
}

test("Arabic chosen in Settings: the page is right to left and translated, and stays so after a reload", async ({
  page,
  context,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("arabic"));
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(html(page)).toHaveAttribute("lang", "en");

  const saved = page.waitForResponse(
    (response) => response.url().includes("/settings") && response.request().method() === "PATCH",
  );
  await chooseLanguage(page, "ar");
  expect((await saved).status()).toBe(200);
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  await expect(html(page)).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { name: "الإعدادات", level: 1 })).toBeVisible();

  // The account keeps it: with this browser's storage cleared, the reload is still Arabic.
  await page.evaluate("window.localStorage.clear()");
  await page.reload();
  await expect(page.getByRole("heading", { name: "الإعدادات", level: 1 })).toBeVisible();
  await expect(html(page)).toHaveAttribute("dir", "rtl");
  await expect(html(page)).toHaveAttribute("lang", "ar");
  // Mirrored: the sidebar is on the right.
  const sidebar = await page.getByTestId("sidebar").boundingBox();
  expect(sidebar?.x).toBeGreaterThan(1280 / 2);
  await expect(page.getByRole("link", { name: "السجل" })).toBeVisible();
});

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

test("screenshots of Settings and the shell in Arabic and German, light and dark, desktop and phone", async ({
  newContext,
  uniqueEmail,
}) => {
  test.setTimeout(180_000);
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    const context = await newContext({ viewport, deviceScaleFactor: 1 });
    await signInViaApi(context, uniqueEmail(`i18n-shots-${viewportName}`));
    const page = await context.newPage();
    for (const [locale, heading, menu, history] of [
      ["ar", "الإعدادات", "فتح القائمة", "السجل"],
      ["de", "Einstellungen", "Menü öffnen", "Verlauf"],
    ] as const) {
      await page.goto("/app/settings");
      await page.getByTestId("ui-language").selectOption(locale);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByTestId("ui-language")).toBeEnabled();
      for (const mode of ["light", "dark"] as const) {
        // Nothing stored: the mode is System's, which follows the device live.
        await page.emulateMedia({ colorScheme: mode });
        await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
        await fontsReady(page);
        const name = `i18n-${locale}-settings-${mode}-${viewportName}.png`;
        await page.screenshot({
          path: path.join(SHOTS, name),
          fullPage: true,
          animations: "disabled",
        });
        if (viewportName === "phone") {
          await page.getByRole("button", { name: menu }).click();
          await expect(page.getByRole("dialog")).toBeVisible();
          const shell = `i18n-${locale}-shell-${mode}-${viewportName}.png`;
          await page.screenshot({ path: path.join(SHOTS, shell), animations: "disabled" });
          await page.keyboard.press("Escape");
        } else {
          await page.goto("/app/history");
          // Settled: the screen's own content, not the loading frame.
          await expect(page.getByRole("heading", { name: history, level: 1 })).toBeVisible();
          await expect(page.getByTestId("history-loading")).toHaveCount(0);
          await fontsReady(page);
          const shell = `i18n-${locale}-shell-${mode}-${viewportName}.png`;
          await page.screenshot({ path: path.join(SHOTS, shell), animations: "disabled" });
          await page.goto("/app/settings");
        }
      }
    }
  }
});

test("screenshots of the admin area and custom agents on a phone in Spanish, French and Arabic, light and dark: the admin tabs fit", async ({
  newContext,
}) => {
  test.setTimeout(180_000);
  for (const [locale, admin, newAgent, create] of [
    ["es", "Administración", "Nuevo agente", "Crear agente"],
    ["fr", "Administration", "Nouvel agent", "Créer l’agent"],
    ["ar", "الإدارة", "وكيل جديد", "إنشاء الوكيل"],
  ] as const) {
    const context = await newContext({ viewport: VIEWPORTS.phone, deviceScaleFactor: 1 });
    await presetLocalStorage(context, { [STORAGE_KEYS.uiLanguage]: locale });
    await signInAsSuperAdmin(context, e2eEnv.baseURL);
    const page = await context.newPage();
    for (const mode of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await page.goto("/app/admin/usage");
      await expect(page.getByRole("heading", { name: admin, level: 1 })).toBeVisible();
      await expect(page.getByTestId("usage-overview")).toBeVisible();
      // Each section's name fits its tab at phone width (no text cut or spilling over).
      for (const tab of await page.getByRole("navigation").getByRole("link").all()) {
        if (!(await tab.getAttribute("data-testid"))?.startsWith("admin-tab-")) continue;
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
      await fontsReady(page);
      await page.screenshot({
        path: path.join(SHOTS, `i18n-${locale}-admin-usage-${mode}-phone.png`),
        fullPage: true,
        animations: "disabled",
      });
      await page.goto("/app/agents/custom");
      await page.getByRole("button", { name: newAgent }).first().click();
      const dialog = page.getByTestId("custom-agent-editor");
      await expect(dialog.getByRole("button", { name: create })).toBeVisible();
      await fontsReady(page);
      await page.screenshot({
        path: path.join(SHOTS, `i18n-${locale}-custom-agent-editor-${mode}-phone.png`),
        animations: "disabled",
      });
      await page.keyboard.press("Escape");
    }
    await context.close();
  }
});
