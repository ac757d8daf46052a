import path from "node:path";
import { COLOR_THEMES, MODES, STORAGE_KEYS } from "@nexus/contracts";
import { SettingsPage } from "./pages/settings-page.ts";
import { writeLocalStorage } from "./support/browser-storage.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");

/** WCAG 2 contrast ratio of two CSS colours as the browser computed them (rgb()/rgba()). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r = 0, g = 0, bl = 0] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// Each colour theme in each mode: a screenshot to look at, a distinct accent, and readable text
// on accent buttons and on the page (WCAG AA 4.5:1).
for (const mode of MODES) {
  test(`every colour theme is distinct and readable in ${mode} mode`, async ({
    page,
    context,
    uniqueEmail,
  }) => {
    await signInViaApi(context, uniqueEmail(`themes-${mode}`));
    const settings = new SettingsPage(page);
    await settings.goto();
    const accents = new Set<string>();
    for (const theme of COLOR_THEMES) {
      await writeLocalStorage(page, STORAGE_KEYS.mode, mode);
      await writeLocalStorage(page, STORAGE_KEYS.colorTheme, theme);
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const save = page.getByRole("button", { name: "Save changes" });
      await expect(save).toBeVisible();
      // Source text: the root tsconfig has no DOM lib (see support/browser-storage.ts).
      const colours = (await page.evaluate(`(() => {
        const button = document.evaluate("//button[normalize-space()='Save changes']", document, null, 9, null).singleNodeValue;
        const cs = button ? getComputedStyle(button) : null;
        const body = getComputedStyle(document.body);
        return { bg: cs?.backgroundColor ?? "", fg: cs?.color ?? "", pageBg: body.backgroundColor, pageFg: body.color };
      })()`)) as { bg: string; fg: string; pageBg: string; pageFg: string };
      accents.add(colours.bg);
      expect(
        contrast(colours.bg, colours.fg),
        `${theme}/${mode} button text`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrast(colours.pageBg, colours.pageFg),
        `${theme}/${mode} page text`,
      ).toBeGreaterThanOrEqual(4.5);
      await page.screenshot({ path: path.join(SCREENSHOTS, `theme-${theme}-${mode}.png`) });
    }
    expect(accents.size).toBe(COLOR_THEMES.length);
  });
}
