import type { BrowserContext, Page } from "@playwright/test";

// These run in the page. They are passed as source text because the E2E code is type-checked
// against Node's globals only (no DOM lib in the root tsconfig).

export async function readLocalStorage(page: Page, key: string): Promise<string | null> {
  const value: unknown = await page.evaluate(`window.localStorage.getItem(${JSON.stringify(key)})`);
  return typeof value === "string" ? value : null;
}

export async function writeLocalStorage(page: Page, key: string, value: string): Promise<void> {
  await page.evaluate(
    `window.localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`,
  );
}

/** Stores the entries before any page script runs, on every navigation of the context. */
export async function presetLocalStorage(
  context: BrowserContext,
  entries: Record<string, string>,
): Promise<void> {
  const statements = Object.entries(entries)
    .map(
      ([key, value]) =>
        `window.localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`,
    )
    .join("\n");
  // about:blank (a new page before its first navigation) has no storage, and an embedded frame
  // (a sandboxed video player) may be refused it: only top-level http pages get the entries.
  await context.addInitScript({
    content: `if (window === window.top && window.location.protocol.startsWith("http")) {\n${statements}\n}`,
  });
}

/** Resolves when the page's web fonts have loaded. */
export async function fontsReady(page: Page): Promise<void> {
  await page.evaluate("document.fonts.ready.then(() => true)");
}
