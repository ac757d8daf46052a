import fs from "node:fs";
import path from "node:path";
import { expect, failedResource, test } from "./support/fixtures.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Public pages are prerendered at build time (apps/web/build/prerender.ts): complete HTML without
 * JavaScript, their own title, description and canonical link; in the browser React hydrates that
 * markup in place (the same nodes stay: no flash, no layout shift).
 */
const post = fs
  .readdirSync(path.join(REPO_ROOT, "content/blog"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.slice(0, -3))
  .sort()[0];

const PAGES = [
  { path: "/", h1: /Answers you can trust/, canonical: "/" },
  { path: "/faq", h1: "Frequently asked questions", canonical: "/faq" },
  { path: "/blog", h1: "Blog", canonical: "/blog" },
  { path: `/blog/${post}`, h1: /./, canonical: `/blog/${post}` },
  { path: "/book-demo", h1: "Book a demo", canonical: "/book-demo" },
  { path: "/contact", h1: "Book a demo", canonical: "/book-demo" },
];

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every public page is complete HTML: heading, text, links, title, description, canonical, Open Graph", async ({
    page,
    baseURL,
  }) => {
    for (const { path: url, h1, canonical } of PAGES) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }), url).toHaveText(h1);
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveCount(4);
      expect(await page.locator("main p").count(), url).toBeGreaterThan(0);
      await expect(page.locator("title"), url).toHaveCount(1);
      await expect(page.locator('meta[name="description"]'), url).toHaveAttribute(
        "content",
        /\w{3,}/,
      );
      await expect(page.locator('link[rel="canonical"]'), url).toHaveAttribute(
        "href",
        `${baseURL}${canonical}`,
      );
      await expect(page.locator('meta[property="og:title"]'), url).toHaveAttribute(
        "content",
        await page.title(),
      );
      await expect(page.locator('meta[property="og:description"]'), url).toHaveCount(1);
    }
  });

  test("an article carries its body and table of contents; the blog lists every post", async ({
    page,
  }) => {
    await page.goto(`/blog/${post}`);
    await expect(page.getByTestId("article-body").locator("p").first()).toBeVisible();
    await page.goto("/blog");
    const posts = fs
      .readdirSync(path.join(REPO_ROOT, "content/blog"))
      .filter((f) => f.endsWith(".md"));
    await expect(page.getByTestId("post-item")).toHaveCount(posts.length);
  });

  test("an unknown post is the not-found page with 404 and noindex", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResource(404));
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page).toHaveTitle("Page not found · Nexus");
  });
});

test("with JavaScript the prerendered markup is hydrated in place, with one set of head tags", async ({
  page,
}) => {
  // The h1 of the prerendered markup, before any script runs (the e2e code has no DOM types).
  await page.addInitScript(`document.addEventListener("DOMContentLoaded", () => {
    window.prerenderedH1 = document.querySelector("#root[data-prerendered] h1");
  });`);
  for (const { path: url } of PAGES) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    // Hydrated: form controls (read-only or disabled until then) accept input.
    const control = page.locator("#root textarea, #root input:not([type=hidden])").first();
    if ((await control.count()) > 0) await expect(control).toBeEditable();
    const state = await page.evaluate(`({
      kept: window.prerenderedH1 != null && window.prerenderedH1 === document.querySelector("h1"),
      titles: document.querySelectorAll("title").length,
      canonicals: document.querySelectorAll('link[rel="canonical"]').length,
      descriptions: document.querySelectorAll('meta[name="description"]').length,
    })`);
    expect(state, url).toEqual({ kept: true, titles: 1, canonicals: 1, descriptions: 1 });
  }
});

test("sitemap.xml lists the public pages and every post; robots.txt points to it", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const url of ["/", "/faq", "/blog", "/book-demo", `/blog/${post}`])
    expect(xml).toContain(`<loc>${baseURL}${url}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /app");
});

test("each language's public pages: /fr/faq prerendered in French with hreflang alternates; the landing's language menu goes to /de/ and keeps the choice", async ({
  page,
  request,
  baseURL,
}) => {
  const html = await (await request.get("/fr/faq")).text();
  expect(html).toContain('<html lang="fr" dir="ltr">');
  expect(html).toContain("Questions fréquentes");
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/fr/faq"/>`);
  for (const [lang, path] of [
    ["en", "/faq"],
    ["de", "/de/faq"],
    ["ar", "/ar/faq"],
    ["x-default", "/faq"],
  ])
    expect(html).toContain(`<link rel="alternate" hrefLang="${lang}" href="${baseURL}${path}"/>`);

  await page.goto("/");
  await page.getByTestId("language-switcher").selectOption("de");
  await expect(page).toHaveURL(`${baseURL}/de/`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Antworten, denen Sie vertrauen können – von einem Assistenten, den Sie selbst betreiben",
  );
  // Its links stay in German; the choice is kept as Settings keeps a visitor's.
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  await expect(nav.getByRole("link").first()).toHaveAttribute("href", "/de/faq");
  expect(await page.evaluate(`localStorage.getItem("nexus.uiLanguage")`)).toBe("de");
});
