import crypto from "node:crypto";
import { withServerDatabase } from "./support/db.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";

/** A saved answer of `userId`'s, written as the answer module writes one. */
async function seedThread(userId: string, threadId: string, query: string, markdown: string) {
  await withServerDatabase((client) =>
    client.query(
      `insert into search_history (id, user_id, thread_id, timestamp, query, focus_mode, results)
       values ($1, $2, $3, now(), $4, 'web', $5)`,
      [
        crypto.randomBytes(12).toString("hex"),
        userId,
        threadId,
        query,
        JSON.stringify({ markdown, sources: [], images: [], videos: [], thinking: "" }),
      ],
    ),
  );
}

/**
 * The server's first views of /app screens (apps/web/src/app/first-views.tsx): on screen before any
 * script runs, in the visitor's language, where and as the app then draws them, and taken over by
 * the screen's content, not its loading state; the screen's data asked for once, beside its code.
 */
test.describe("first views", () => {
  test("a saved thread's page and the agents hub ask for their data once, beside the app's code", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    // Anonymous: the hub asks them to sign in and never sends GET /api/agents.
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/(me|agents|threads\/)/.test(pathname)) asked.push(pathname);
    });
    await page.goto("/app/agents");
    await expect(page.getByRole("heading", { name: "Sign in to use Agents" })).toBeVisible();
    expect(asked, "an anonymous visit").toEqual(["/api/me"]);

    const { userId } = await signInViaApi(context, uniqueEmail("early-data"));
    const threadId = crypto.randomBytes(11).toString("hex");
    await seedThread(userId, threadId, "How early is early?", "Early enough: **beside the code**.");

    asked.length = 0;
    await page.goto(`/app/search/how-early-is-early-${threadId}`);
    await expect(page.getByRole("main").getByText("beside the code")).toBeVisible();
    // Whether the bookmark button shows is the thread's state: no second GET for it.
    await expect(page.getByRole("button", { name: /bookmark/i }).first()).toBeVisible();
    expect(
      [...asked].sort(),
      "the thread once (its bookmark state included), its title, who is signed in",
    ).toEqual(["/api/me", `/api/threads/${threadId}`, `/api/threads/${threadId}/title`]);

    asked.length = 0;
    await page.goto("/app/agents");
    await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /Quick Answer/ }).first()).toBeVisible();
    // The cards are on screen before the app asks (the server's first view): wait for its asks.
    await expect
      .poll(() => [...asked].sort(), { message: "the catalogue once" })
      .toEqual(["/api/agents", "/api/me"]);
  });

  test("before any script runs, the home, a saved thread, the agents hub and a preset agent's chat are on screen", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    const { userId } = await signInViaApi(context, uniqueEmail("first-view"));
    const threadId = crypto.randomBytes(11).toString("hex");
    await seedThread(
      userId,
      threadId,
      "Is the first view <b>drawn</b>?",
      "Yes: *before* the code.",
    );
    await page.setViewportSize({ width: 390, height: 844 });
    // The app's entry script does nothing: what shows is what the server drew.
    const entry = /\/assets\/index-[\w-]+\.js$/;
    await page.route(entry, (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
    );

    await page.goto("/app");
    await expect(
      page.getByRole("heading", { level: 1, name: /What do you want to know, .+\?/ }),
    ).toBeVisible();

    await page.goto(`/app/search/is-the-first-view-drawn-${threadId}`);
    const main = page.getByRole("main");
    await expect(
      main.getByRole("heading", { level: 1, name: "Is the first view <b>drawn</b>?" }),
    ).toBeVisible();
    await expect(main.getByText("Yes: *before* the code.")).toBeVisible();
    await page.screenshot({ path: "e2e-output/screenshots/first-view-thread-phone.png" });

    await page.goto("/app/agents");
    await expect(main.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Preset agents" })).toBeVisible();

    await page.goto("/app/agents/quick-answer");
    await expect(main.getByRole("heading", { level: 1, name: "Quick Answer" })).toBeVisible();
    const starters = main.getByTestId("agent-starter");
    await expect(starters.first()).toBeVisible();
    // Nothing could send them yet.
    await expect(starters.first()).toBeDisabled();
    const count = await starters.count();
    await page.screenshot({ path: "e2e-output/screenshots/first-view-agent-phone.png" });

    // On a wide screen with the sidebar left collapsed, the frame draws the rail, not the sidebar.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(`window.localStorage.setItem("nexus.sidebar.collapsed", "1")`);
    await page.goto("/app/agents");
    await expect(page.getByTestId("sidebar-rail-skeleton")).toBeVisible();
    await expect(page.getByTestId("sidebar-skeleton")).toBeHidden();
    await page.evaluate(`window.localStorage.removeItem("nexus.sidebar.collapsed")`);
    await page.setViewportSize({ width: 390, height: 844 });

    // With its code the app takes over the same screen: the starters now send.
    await page.unroute(entry);
    await page.goto("/app/agents/quick-answer");
    await expect(starters.first()).toBeEnabled();
    await expect(starters).toHaveCount(count);
  });

  test("the agents hub's and Discover's first views draw every card where the app then draws it", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    await signInViaApi(context, uniqueEmail("first-view-hub"));
    const main = page.getByRole("main");
    /** Each card's text, links, icon and place on the page, and the page's status line. */
    const drawn = (testId: string) =>
      main.getByTestId(testId).evaluateAll((cards) =>
        cards.map((card) => {
          const box = card.getBoundingClientRect();
          return {
            text: card.textContent,
            // Where each link goes (a query's space may be spelled "+" or "%20").
            links: [card, ...card.querySelectorAll("a")].map((a) => {
              const href = a.getAttribute("href");
              return href && decodeURIComponent(href.replaceAll("+", " "));
            }),
            icon: card.querySelector("svg")?.getAttribute("class"),
            box: [box.x, box.y, box.width, box.height].map(Math.round),
            status: card.ownerDocument.querySelector("[data-testid=discover-status]")?.textContent,
            tab: card.ownerDocument.querySelector("[role=tab][aria-selected=true]")?.id,
          };
        }),
      );
    const entry = /\/assets\/index-[\w-]+\.js$/;
    const screens = [
      {
        url: "/app/agents",
        testId: "preset-agent-card",
        name: "hub",
        at: /^\/app\/agents\/[\w-]+$/,
      },
      {
        url: "/app/discover?topic=science",
        testId: "discover-card",
        name: "discover",
        at: /^\/app\/search\?q=/,
      },
    ];
    for (const [width, height, scheme] of [
      [390, 844, "light"],
      [1280, 800, "dark"],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      for (const { url, testId, name, at } of screens) {
        const cards = main.getByTestId(testId);
        // First with no code at all: what the server drew.
        await page.route(entry, (route) =>
          route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
        );
        await page.goto(url);
        await expect(cards.first()).toBeVisible();
        const first = await drawn(testId);
        expect(first.length, url).toBeGreaterThan(1);
        expect(first.every((card) => card.links.some((href) => at.test(href ?? "")))).toBe(true);
        expect(first.every((card) => card.icon?.includes("lucide"))).toBe(true);
        await expect(page.getByText("%%nexus")).toHaveCount(0);
        await page.screenshot({
          path: `e2e-output/screenshots/first-view-${name}-${scheme}-${width}.png`,
        });

        // Then the app: the same cards in the same places, the same words.
        await page.unroute(entry);
        await page.goto(url);
        await expect(page.getByTestId("sidebar-skeleton")).toHaveCount(0);
        await expect(page.getByTestId("sidebar-rail-skeleton")).toHaveCount(0);
        await expect(cards).toHaveCount(first.length);
        expect(await drawn(testId), url).toEqual(first);
      }
    }
  });

  test("the app takes over a first view with its content, never with its loading state", async ({
    page,
    context,
    uniqueEmail,
  }) => {
    await signInViaApi(context, uniqueEmail("first-view-swap"));
    // Whether a screen's loading state was ever on the page, from its first byte.
    await page.addInitScript(`
      window.loadingSeen = new Set();
      new MutationObserver(() => {
        for (const id of ["agents-loading", "discover-loading"])
          if (document.querySelector("[data-testid=" + id + "]")) window.loadingSeen.add(id);
      }).observe(document, { childList: true, subtree: true });
    `);
    // The screens' data comes late: the app's code is ready well before it.
    await page.route(/\/api\/(agents|discover)(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    for (const [url, testId] of [
      ["/app/agents", "preset-agent-card"],
      ["/app/discover", "discover-card"],
    ] as const) {
      await page.goto(url);
      await expect(page.getByTestId("sidebar-skeleton")).toHaveCount(0);
      await expect(page.getByTestId(testId).first()).toBeVisible();
      expect(await page.evaluate("[...window.loadingSeen]"), url).toEqual([]);
    }
  });

  test("a first view arrives in the visitor's language and direction, as the app then draws it", async ({
    browser,
  }) => {
    for (const [locale, heading, guide] of [
      ["de-DE", "Entdecken", "Nexus-Handbuch"],
      ["ar", "اكتشف", "دليل Nexus"],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
        route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
      );
      await page.goto("/app/discover?topic=science");
      const lang = locale.slice(0, 2);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(main.getByTestId("discover-source").first()).toHaveText(guide);
      const status = await main.getByTestId("discover-status").textContent();
      await page.screenshot({ path: `e2e-output/screenshots/first-view-discover-${lang}.png` });
      // The app, in the same language, says the same.
      await page.unrouteAll();
      await page.goto("/app/discover?topic=science");
      await expect(page.getByTestId("sidebar-skeleton")).toHaveCount(0);
      await expect(main.getByTestId("discover-status")).toHaveText(status ?? "");
      await expect(main.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await context.close();
    }
  });
});
