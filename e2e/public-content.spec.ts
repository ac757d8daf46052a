import fs from "node:fs";
import path from "node:path";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { inTourMatrix } from "./support/env.ts";
import { expect, failedResource, test } from "./support/fixtures.ts";
import { stubExternalHosts } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * The public content of content/: the blog (list, tags, articles, RSS), the FAQ, the landing page's
 * sections, and the offline engine's citations of it. The main E2E server has the offline engine.
 */

const BLOG_DIR = path.join(REPO_ROOT, "content/blog");
const POSTS = fs
  .readdirSync(BLOG_DIR)
  .filter((f) => f.endsWith(".md"))
  .map((file) => {
    const text = fs.readFileSync(path.join(BLOG_DIR, file), "utf8");
    const field = (key: string) =>
      (new RegExp(`^${key}: *(.*)$`, "m").exec(text)?.[1] ?? "").replace(/^"(.*)"$/, "$1");
    return { slug: file.slice(0, -3), title: field("title"), date: field("date") };
  })
  .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));

const WALKTHROUGH = POSTS.findIndex((p) => p.slug === "self-hosting-walkthrough");

function postItems(page: Page) {
  return page.getByTestId("post-item");
}

test.describe("blog", () => {
  test("list → filter by tag → article with table of contents and previous/next", async ({
    page,
  }) => {
    await page.goto("/blog");
    await expect(page).toHaveTitle("Blog · Nexus");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(
      page.locator('head link[rel="alternate"][type="application/rss+xml"]'),
    ).toHaveAttribute("href", "/blog/rss.xml");
    // Every post, newest first, each with its date and reading time.
    await expect(postItems(page)).toHaveCount(POSTS.length);
    await expect(postItems(page).getByRole("heading", { level: 2 })).toHaveText(
      POSTS.map((p) => p.title),
    );
    await expect(postItems(page).first()).toContainText(/\d+ min read/);

    // Filter by a tag: only posts carrying it, and the filter is in the URL.
    const filters = page.getByRole("navigation", { name: "Filter posts by tag" });
    const tag = filters.getByRole("link", { name: /^self-hosting \d+$/ });
    // The count the filter names, and then shows (waited for: the URL changes before the list).
    const count = Number((await tag.textContent())?.match(/\d+/)?.[0]);
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThan(POSTS.length);
    await tag.click();
    await expect(page).toHaveURL(/\/blog\?tag=self-hosting$/);
    await expect(postItems(page)).toHaveCount(count);
    await expect(page.getByTestId("post-count")).toHaveText(`${count} posts tagged “self-hosting”`);
    for (const item of await postItems(page).all())
      await expect(item.getByRole("list", { name: "Tags" })).toContainText("self-hosting");
    await expect(filters.getByRole("link", { name: /^self-hosting/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // An unknown tag has an empty state with a way back.
    await page.goto("/blog?tag=no-such-tag");
    await expect(page.getByTestId("blog-empty")).toBeVisible();
    await page.getByRole("link", { name: "Show all posts" }).click();
    await expect(postItems(page)).toHaveCount(POSTS.length);

    // The article: title, author, date, reading time, table of contents.
    await page.goto("/blog?tag=self-hosting");
    await page.getByRole("link", { name: POSTS[WALKTHROUGH]?.title }).click();
    await expect(page).toHaveURL("/blog/self-hosting-walkthrough");
    const article = page.getByTestId("article");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(
      POSTS[WALKTHROUGH]?.title ?? "",
    );
    await expect(page).toHaveTitle(`${POSTS[WALKTHROUGH]?.title} · Nexus blog`);
    await expect(article).toContainText("Nexus team");
    await expect(article.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    await expect(article).toContainText(/\d+ min read/);

    const toc = page.getByRole("navigation", { name: "On this page" }).last();
    await expect(toc).toBeVisible();
    const heading = page.locator("#run-searxng");
    await expect(heading).not.toBeInViewport();
    await toc.getByRole("link", { name: "Run SearXNG" }).click();
    await expect(page).toHaveURL("/blog/self-hosting-walkthrough#run-searxng");
    await expect(heading).toBeInViewport();
    await expect(heading).toHaveText("Run SearXNG");

    // Previous = older, next = newer.
    const older = POSTS[WALKTHROUGH + 1];
    const newer = POSTS[WALKTHROUGH - 1];
    const more = page.getByRole("navigation", { name: "More posts" });
    if (newer) {
      await more.getByRole("link", { name: /Next post/ }).click();
      await expect(page).toHaveURL(`/blog/${newer.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(newer.title);
      await page
        .getByRole("navigation", { name: "More posts" })
        .getByRole("link", { name: /Previous post/ })
        .click();
      await expect(page).toHaveURL("/blog/self-hosting-walkthrough");
    }
    if (older) {
      await page
        .getByRole("navigation", { name: "More posts" })
        .getByRole("link", { name: /Previous post/ })
        .click();
      await expect(page).toHaveURL(`/blog/${older.slug}`);
    }
  });

  test("the RSS feed parses as XML and lists every post", async ({ page, request, baseURL }) => {
    const res = await request.get("/blog/rss.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    await page.goto("/blog");
    // Parsed by the browser's own (strict) XML parser; e2e code has no DOM types, hence a string.
    const feed = (await page.evaluate(`(() => {
      const doc = new DOMParser().parseFromString(${JSON.stringify(xml)}, "application/xml");
      return {
        error: doc.querySelector("parsererror")?.textContent ?? null,
        version: doc.documentElement.getAttribute("version"),
        items: [...doc.querySelectorAll("item")].map((item) => ({
          title: item.querySelector("title")?.textContent ?? "",
          link: item.querySelector("link")?.textContent ?? "",
          pubDate: item.querySelector("pubDate")?.textContent ?? "",
        })),
      };
    })()`)) as {
      error: string | null;
      version: string | null;
      items: Array<{ title: string; link: string; pubDate: string }>;
    };
    expect(feed.error).toBeNull();
    expect(feed.version).toBe("2.0");
    expect(feed.items.map((i) => i.title)).toEqual(POSTS.map((p) => p.title));
    expect(baseURL).toBeTruthy();
    for (const [i, item] of feed.items.entries()) {
      expect(new URL(item.link).pathname).toBe(`/blog/${POSTS[i]?.slug}`);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
  });

  test("an unknown slug shows the not-found page", async ({ page, consoleGuard }) => {
    // The server knows the posts: an unknown one is answered with the not-found page and 404.
    consoleGuard.allow(failedResource(404));
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found · Nexus");
  });
});

test.describe("FAQ", () => {
  test("search filters the questions as you type, with a count, highlights and an empty state", async ({
    page,
  }) => {
    await page.goto("/faq");
    await expect(page).toHaveTitle("Frequently asked questions · Nexus");
    const items = page.getByTestId("faq-item");
    const total = await items.count();
    expect(total).toBeGreaterThanOrEqual(15);
    await expect(page.getByTestId("faq-count")).toHaveText(`${total} questions`);

    const search = page.getByRole("searchbox", { name: "Search the FAQ" });
    await search.fill("SMTP");
    const matches = await items.count();
    expect(matches).toBeGreaterThan(0);
    expect(matches).toBeLessThan(total);
    await expect(page.getByTestId("faq-count")).toHaveText(
      `${matches} of ${total} questions match`,
    );
    for (const item of await items.all()) await expect(item).toContainText(/smtp/i);

    await search.fill("database");
    await expect(page.getByTestId("faq-list").locator("mark").first()).toHaveText(/database/i);

    await search.fill("zzzz nothing like this");
    await expect(page.getByTestId("faq-empty")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask Nexus" })).toHaveAttribute(
      "href",
      /^\/app\/search\?q=/,
    );
    await page.getByRole("button", { name: "Show all questions" }).click();
    await expect(items).toHaveCount(total);
  });

  test("the accordion opens with the keyboard, and a #anchor opens its question", async ({
    page,
  }) => {
    await page.goto("/faq");
    const first = page.getByTestId("faq-item").first();
    await expect(first).not.toHaveAttribute("open");
    await first.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("open");

    await page.goto("/faq#how-do-organisations-get-nexus");
    const item = page.locator("#how-do-organisations-get-nexus");
    await expect(item).toHaveAttribute("open");
    await expect(item).toBeInViewport();
    await expect(item).toContainText("book-a-demo form");
    // Links inside answers navigate within the app.
    await page.goto("/faq#is-nexus-free");
    await page
      .locator("#is-nexus-free")
      .getByRole("link", { name: "Plans, tiers and limits" })
      .click();
    await expect(page).toHaveURL("/blog/plans-and-limits");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plans, tiers and limits");
  });
});

test.describe("landing", () => {
  test("sections: how it works, agents, pricing, an FAQ teaser linking to /faq", async ({
    page,
  }) => {
    await page.goto("/");
    for (const name of [
      "How it works",
      /ready-made agents, and your own/,
      "Simple limits, clearly stated",
      "Questions people ask",
    ])
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    const teaser = page.getByTestId("faq-teaser").getByRole("link");
    await expect(teaser).toHaveCount(4);
    const href = await teaser.first().getAttribute("href");
    expect(href).toMatch(/^\/faq#[a-z0-9-]+$/);
    await teaser.first().click();
    await expect(page).toHaveURL(href ?? "");
    await expect(page.locator(href?.slice(4) ?? "")).toHaveAttribute("open");
  });

  test("the hero search opens the answer in /app, answered offline from the knowledge base; its citations open the article at the heading", async ({
    page,
    context,
    baseURL,
  }) => {
    await stubExternalHosts(context, baseURL ?? "");
    await page.goto("/");
    const box = page.getByRole("textbox", { name: "Ask Nexus anything" });
    await box.fill("How do I connect Ollama?");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/app\/search\/[a-z0-9-]+-[A-Za-z0-9]{22}$/);
    const turn = page.getByTestId("answer-turn").first();
    await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
    await expect(turn.getByTestId("offline-badge")).toHaveText("Offline mode");
    await expect(turn.getByTestId("answer-markdown")).toContainText("ollama", { ignoreCase: true });

    // A citation of a heading of a blog post opens that post at the heading.
    const chips = turn.getByTestId("answer-markdown").locator("[data-citation]");
    const hrefs = await chips.evaluateAll((links) =>
      links.map((link) => link.getAttribute("href") ?? ""),
    );
    const index = hrefs.findIndex((href) => /\/blog\/[a-z0-9-]+#[\w-]+$/.test(href));
    expect(index, hrefs.join("\n")).toBeGreaterThanOrEqual(0);
    const target = new URL(hrefs[index] ?? "", page.url());
    const [article] = await Promise.all([context.waitForEvent("page"), chips.nth(index).click()]);
    await expect(article).toHaveURL(target.href);
    const heading = article.locator(`[id="${decodeURIComponent(target.hash.slice(1))}"]`);
    await expect(heading).toBeVisible();
    await expect(heading).toBeInViewport();
    await expect(article.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

// Screenshots of the public content pages for review (light/dark, desktop/phone).
const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  for (const mode of ["light", "dark"] as const) {
    if (!inTourMatrix(mode, name, "public-content-1")) continue;
    test(`public content screenshots, ${mode}, ${name}`, async ({ newContext }) => {
      test.setTimeout(120_000);
      const context = await newContext({ viewport, colorScheme: mode, deviceScaleFactor: 1 });
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      const page = await context.newPage();
      for (const [shot, url] of [
        ["public-landing", "/"],
        ["public-faq", "/faq#is-nexus-free"],
        ["public-blog", "/blog"],
        ["public-article", "/blog/self-hosting-walkthrough"],
      ] as const) {
        await page.goto(url);
        await page.waitForLoadState("networkidle");
        await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
        await fontsReady(page);
        const overflow: unknown = await page.evaluate(
          "document.documentElement.scrollWidth - document.documentElement.clientWidth",
        );
        expect(overflow, `${url}: horizontal overflow in px`).toBe(0);
        // The first screen as a visitor sees it, then the whole page from the top.
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${shot}-${mode}-${name}-top.png`),
          animations: "disabled",
        });
        await page.evaluate("window.scrollTo(0, 0)");
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${shot}-${mode}-${name}.png`),
          fullPage: true,
          animations: "disabled",
        });
      }
    });
  }
}
