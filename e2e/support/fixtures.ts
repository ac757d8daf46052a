import {
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import { signInLinkFor } from "./mail.ts";

export interface ConsoleGuard {
  /** Tolerates console errors matching pattern in this test (an expected 4xx, say). */
  allow: (pattern: RegExp) => void;
  /** Watches every page of another context too. */
  watch: (context: BrowserContext) => void;
}

export interface SignedInUser {
  email: string;
  userId: string;
}

interface Fixtures {
  consoleGuard: ConsoleGuard;
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  uniqueEmail: (label: string) => string;
}

/** The browser logs this for every 4xx/5xx answer; tests that expect one allow it. */
export const failedResource = (status: number) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);

let counter = 0;

export const test = base.extend<Fixtures>({
  // Every test fails on any browser console error or uncaught exception it did not allow.
  consoleGuard: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watchPage = (page: Page) => {
        page.on("console", (message) => {
          if (message.type() === "error")
            errors.push(`console error at ${page.url()}: ${message.text()}`);
        });
        page.on("pageerror", (error) => errors.push(`uncaught at ${page.url()}: ${error.message}`));
      };
      const watch = (ctx: BrowserContext) => {
        for (const page of ctx.pages()) watchPage(page);
        ctx.on("page", watchPage);
      };
      watch(context);
      await use({ allow: (pattern) => allowed.push(pattern), watch });
      const unexpected = errors.filter((e) => !allowed.some((pattern) => pattern.test(e)));
      expect(unexpected, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
  newContext: async ({ browser, consoleGuard }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      consoleGuard.watch(context);
      contexts.push(context);
      return context;
    });
    for (const context of contexts) await context.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  uniqueEmail: async ({}, use, testInfo) => {
    await use((label) => {
      counter += 1;
      const unique = `${testInfo.workerIndex}${counter}${Date.now().toString(36)}`;
      return `${label}-${unique}@nexus.test`;
    });
  },
});

export { expect };

/** The token of a sign-in link (`…/app#signin=<token>`). */
export function tokenOf(link: string): string {
  return new URL(link).hash.replace(/^#signin=/, "");
}

/** Asks the server for a sign-in link for email and returns it from the captured e-mail. */
export async function requestLinkViaApi(
  request: APIRequestContext,
  email: string,
): Promise<string> {
  const since = Date.now();
  const response = await request.post("/api/auth/email-link", { data: { email } });
  expect(response.status(), "POST /api/auth/email-link").toBe(202);
  return signInLinkFor(email, since);
}

/**
 * Signs a context in through the API (the link from the captured e-mail, completed with its
 * address): for tests about what comes after sign-in. The session cookie lands in the context.
 */
export async function signInViaApi(context: BrowserContext, email: string): Promise<SignedInUser> {
  const link = await requestLinkViaApi(context.request, email);
  const response = await context.request.post("/api/auth/email-link/complete", {
    data: { token: tokenOf(link), email },
  });
  expect(response.status(), "POST /api/auth/email-link/complete").toBe(200);
  const body = (await response.json()) as { user: { id: string } | null };
  if (!body.user) throw new Error("sign-in completed without a user");
  return { email, userId: body.user.id };
}
