import { TIER_LIMITS, USAGE_COUNTERS } from "@nexus/contracts";
import { AppShell } from "./pages/app-shell.ts";
import { PlansPage } from "./pages/plans-page.ts";
import { SignInDialog } from "./pages/sign-in-dialog.ts";
import { UsagePage } from "./pages/usage-page.ts";
import { seedUsage } from "./support/db.ts";
import { expect, failedResource, signInViaApi, test } from "./support/fixtures.ts";

test.describe("app shell", () => {
  test("the static footer shows only on / and /app", async ({ page }) => {
    const shell = new AppShell(page);
    for (const path of ["/", "/app"]) {
      await page.goto(path);
      await expect(shell.footer, `footer on ${path}`).toBeVisible();
    }
    for (const path of [
      "/faq",
      "/book-demo",
      "/app/search",
      "/app/settings",
      "/app/no-such-page",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(shell.footer, `no footer on ${path}`).toHaveCount(0);
    }
  });

  test("unknown public and /app paths show the not-found page", async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResource(404)); // an unknown public path is served with 404
    const response = await page.goto("/no-such-page");
    expect(response?.status(), "an unknown public path is a 404 for crawlers").toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    // The prerendered not-found page hydrates: the app's links work from it.
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/app/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByTestId("sidebar"), "inside the app shell").toBeVisible();
  });

  test("an /app page arrives with its loading frame and its screen's scripts preloaded; the app asks who is signed in once", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    const html = await (await context.request.get("/app/agents")).text();
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1] ?? "";
    expect(root, "the skeleton sidebar and Loading... before any script runs").toContain(
      'data-testid="sidebar-skeleton"',
    );
    expect(root).toContain("Loading...");
    const head = html.slice(0, html.indexOf("</head>"));
    const preloaded = [
      ...head.matchAll(/rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)"/g),
    ].map((m) => m[1] ?? "");
    expect(
      preloaded.some((href) => /\/assets\/agents-[\w-]+\.js$/.test(href)),
      "the hub's chunk",
    ).toBe(true);
    for (const href of preloaded) {
      expect((await context.request.get(href)).status(), href).toBe(200);
    }

    const user = await signInViaApi(context, uniqueEmail("early-me"));
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/me") asked.push(request.method());
    });
    await page.goto("/app");
    await expect(
      page.getByRole("heading", { level: 1, name: /What do you want to know, .+\?/ }),
    ).toBeVisible();
    await expect(page.getByTestId("sidebar-skeleton")).toHaveCount(0);
    await page.getByTestId("account-menu-button").click();
    await expect(page.getByTestId("account-menu")).toContainText(user.email);
    expect(asked, "GET /api/me once, started with the page").toEqual(["GET"]);
  });

  test("an anonymous visitor on /app/settings gets a sign-in prompt", async ({ page }) => {
    await page.goto("/app/settings");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Sign in to use Settings" })).toBeVisible();
    await main.getByRole("button", { name: "Sign in" }).click();
    await expect(new SignInDialog(page).dialog).toBeVisible();
  });

  test("the usage page shows each counter against its limit", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    const user = await signInViaApi(context, uniqueEmail("usage"));
    const summary = (await (await context.request.get("/api/usage")).json()) as {
      periodKey: string;
    };
    const used = { search: 7, addFiles: 3, agentUsage: 5 };
    await seedUsage({ userId: user.userId, period: summary.periodKey, ...used });

    const usage = new UsagePage(page);
    await usage.goto();
    await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
    await expect(page.getByTestId("usage-period-key")).toHaveText(summary.periodKey);
    for (const counter of USAGE_COUNTERS) {
      const limit = TIER_LIMITS.free[counter];
      await expect(usage.row(counter).getByTestId("usage-value")).toHaveText(
        `${used[counter]} / ${limit}`,
      );
      await expect(usage.progress(counter)).toHaveAttribute("aria-valuenow", String(used[counter]));
      await expect(usage.progress(counter)).toHaveAttribute("aria-valuemax", String(limit));
    }
  });

  test("closing the subscription plans goes back in history", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    await signInViaApi(context, uniqueEmail("plans"));
    const usage = new UsagePage(page);
    await usage.goto();
    await usage.viewPlans.click();
    const plans = new PlansPage(page);
    await expect(plans.heading).toBeVisible();
    await expect(page).toHaveURL(/\/app\/subscription-plans$/);
    await expect(plans.plan("free")).toHaveAttribute("aria-current", "true");
    await plans.close.click();
    await expect(page).toHaveURL(/\/app\/usage$/);

    // Opened directly, there is no history to go back to: closing leads to /app.
    await page.goto("/app/subscription-plans");
    await plans.close.click();
    await expect(page).toHaveURL(/\/app$/);
  });
});

test("a person who asked for less motion gets no endless spinner, pulse or transition (WCAG 2.3.3)", async ({
  page,
}) => {
  await page.goto("/app");
  await expect(page.getByRole("textbox", { name: "Ask anything" })).toBeVisible();
  // Elements with the app's own spinner, skeleton and hover-transition classes, as the running
  // stylesheet animates them: "<iterations> <duration>" and the transition's duration.
  const motion = () =>
    page.evaluate(`(() => {
      const out = {};
      for (const name of ["motion-safe:animate-spin", "motion-safe:animate-pulse", "transition-colors"]) {
        const el = document.createElement("div");
        el.className = name;
        document.body.append(el);
        const style = getComputedStyle(el);
        out[name] = name.startsWith("transition")
          ? style.transitionDuration
          : style.animationIterationCount + " " + style.animationDuration;
        el.remove();
      }
      return out;
    })()`);
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await motion()).toEqual({
    "motion-safe:animate-spin": "infinite 1s",
    "motion-safe:animate-pulse": "infinite 2s",
    "transition-colors": "0.15s",
  });
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await motion()).toEqual({
    "motion-safe:animate-spin": "1 1e-05s",
    "motion-safe:animate-pulse": "1 1e-05s",
    "transition-colors": "1e-05s",
  });
});
