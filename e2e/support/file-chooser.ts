import type { FileChooser, Page } from "@playwright/test";

/**
 * Listens for the page's next file chooser before the action that opens it is even near.
 *
 * `Promise.all([page.waitForEvent("filechooser"), click])` races: the listener turns on the
 * browser's file-chooser interception (CDP Page.setInterceptFileChooserDialog) asynchronously,
 * and a click that lands first opens an unintercepted chooser that a headless browser never shows
 * (puppeteer/puppeteer#6040). Seen in CI twice in a row on the server bundle without traces. Call
 * this a few steps before the action; `opened()` then waits, bounded, for the chooser.
 */
export function nextFileChooser(page: Page, timeoutMs = 15_000) {
  let resolve: (chooser: FileChooser) => void = () => undefined;
  const chosen = new Promise<FileChooser>((done) => {
    resolve = done;
  });
  page.once("filechooser", resolve);
  return {
    async opened(): Promise<FileChooser> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no file chooser opened within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        return await Promise.race([chosen, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
