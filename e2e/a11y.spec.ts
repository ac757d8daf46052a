import AxeBuilder from "@axe-core/playwright";
import { STORAGE_KEYS } from "@nexus/contracts";
import type { Page, TestInfo } from "@playwright/test";
import { ask, finished, turns } from "./support/answer-page.ts";
import { analyzeAxe } from "./support/axe.ts";
import { fontsReady } from "./support/browser-storage.ts";
import { signInAsSuperAdmin } from "./support/db.ts";
import { expect, failedResource, signInViaApi, test } from "./support/fixtures.ts";

/**
 * axe-core (WCAG 2.0 and 2.1, levels A and AA) on every public page and every /app screen built so
 * far (the admin area as the super-admin), in light and dark mode: 0 violations. Each page's full axe results are attached to the test
 * (axe-<mode>-<page>.json) and a one-line summary is printed.
 *
 * Each page is loaded once and audited in both modes: in the mode it was loaded in, then switched
 * to the other on the loaded page. The pages of a test alternate which mode they load in, so both
 * modes are also seen straight from a page load (theme-init.js).
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const MODES = ["light", "dark"] as const;
type ColourMode = (typeof MODES)[number];
const THREAD_URL = /\/app\/search\/[a-z0-9-]+-([A-Za-z0-9]{22})$/;

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has loaded. */
  ready: (page: Page) => ReturnType<Page["getByRole"]>;
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).first();

async function audit(
  page: Page,
  testInfo: TestInfo,
  mode: string,
  name: string,
  tags: string[] = WCAG_TAGS,
): Promise<void> {
  // axe reads computed colours: the web fonts are in, and no transition is under way (every test
  // runs with reduced motion, under which index.css cuts transitions to 0.01 ms).
  await fontsReady(page);
  // The colour mode really is the one under test (theme-init.js follows prefers-color-scheme).
  await expect(page.locator("html")).toHaveClass(mode === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  // Passing, incomplete and inapplicable rules get one node each unless asked for (axe's
  // resultTypes): a unique selector for every passing node was a large part of every audit, and
  // nothing here reads them. Violations are reported in full.
  const results = await analyzeAxe(
    new AxeBuilder({ page }).options({ resultTypes: ["violations", "incomplete"] }).withTags(tags),
    page,
  );
  await testInfo.attach(`axe-${mode}-${name}.json`, {
    body: JSON.stringify(
      {
        url: results.url,
        violations: results.violations,
        incomplete: results.incomplete,
        passes: results.passes.map((p) => p.id),
      },
      null,
      2,
    ),
    contentType: "application/json",
  });
  const nodes = results.violations.reduce((sum, v) => sum + v.nodes.length, 0);
  console.log(
    `axe ${mode} ${name} (${new URL(results.url).pathname}): ${results.violations.length} violations (${nodes} nodes), ${results.passes.length} rules passed, ${results.incomplete.length} to review${results.incomplete.length ? ` (${results.incomplete.map((r) => r.id).join(", ")})` : ""}`,
  );
  expect
    .soft(
      results.violations.map((v) => ({
        page: `${mode} ${name}`,
        rule: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
      })),
      `axe violations on ${mode} ${name}`,
    )
    .toEqual([]);
}

/**
 * Switches a loaded page to mode as a page load in that mode would have it: the system preference
 * (what theme-init.js reads at load), the app's own preference store where a screen subscribes to
 * it (a stored mode announced as from another tab, which /app follows), and what theme-init.js sets
 * on <html>. The stored mode is removed again, so the next page load follows the system preference.
 */
async function switchMode(page: Page, mode: ColourMode): Promise<void> {
  await page.emulateMedia({ colorScheme: mode });
  await page.evaluate(`(() => {
    const key = ${JSON.stringify(STORAGE_KEYS.mode)};
    window.localStorage.setItem(key, ${JSON.stringify(mode)});
    window.dispatchEvent(new StorageEvent("storage", { key, newValue: ${JSON.stringify(mode)} }));
    window.localStorage.removeItem(key);
    const root = document.documentElement;
    root.classList.toggle("dark", ${mode === "dark"});
    root.style.colorScheme = ${JSON.stringify(mode)};
  })()`);
  // The switch starts the page's colour transitions (0.01 ms under reduced motion), which end on
  // a later frame; axe reads computed colours, so it waits until none is left running (seen: a
  // footer audited in its light colour on the dark background).
  await expect
    .poll(() =>
      page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() =>
        resolve(document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState !== "finished").length))))`),
    )
    .toBe(0);
}

/**
 * Audits the loaded page in the mode it was loaded in, then in the other one — the other one
 * nightly (E2E_FULL_MATRIX=1) only: pages load light, dark, light, … so `npm test` still audits
 * both modes, each page in one (CI's 20 minutes on 2 cores).
 */
async function auditBothModes(
  page: Page,
  testInfo: TestInfo,
  loadedIn: ColourMode,
  name: string,
  tags: string[] = WCAG_TAGS,
): Promise<void> {
  await audit(page, testInfo, loadedIn, name, tags);
  if (process.env.E2E_FULL_MATRIX !== "1") return;
  await switchMode(page, loadedIn === "light" ? "dark" : "light");
  await audit(page, testInfo, loadedIn === "light" ? "dark" : "light", name, tags);
}

/** The mode the index-th page of a test is loaded in: light, dark, light, … */
const loadMode = (index: number): ColourMode => MODES[index % 2] ?? "light";

async function visit(page: Page, screen: Screen, mode?: ColourMode): Promise<void> {
  if (mode) await page.emulateMedia({ colorScheme: mode });
  await page.goto(screen.path);
  await expect(screen.ready(page)).toBeVisible({ timeout: 15_000 });
  if (screen.name !== "not-found") await expect(page.getByTestId("not-found")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

const PUBLIC: Screen[] = [
  { name: "landing", path: "/", ready: h1 },
  { name: "faq", path: "/faq", ready: h1 },
  { name: "blog", path: "/blog", ready: h1 },
  { name: "article", path: "/blog/getting-started", ready: h1 },
  { name: "book-demo", path: "/book-demo", ready: h1 },
  { name: "not-found", path: "/blog/no-such-post", ready: (page) => page.getByTestId("not-found") },
];

const APP: Screen[] = [
  {
    name: "app-home",
    path: "/app",
    ready: (p) => p.getByRole("textbox", { name: "Ask anything" }),
  },
  { name: "history", path: "/app/history", ready: h1 },
  { name: "library", path: "/app/library", ready: h1 },
  { name: "settings", path: "/app/settings", ready: h1 },
  { name: "usage", path: "/app/usage", ready: h1 },
  { name: "subscription-plans", path: "/app/subscription-plans", ready: h1 },
  { name: "discover", path: "/app/discover", ready: h1 },
  { name: "agents", path: "/app/agents", ready: h1 },
  // A preset agent's chat (offline: url-qa runs; its starters and composer are shown).
  {
    name: "agent-chat",
    path: "/app/agents/url-qa",
    ready: (p) => p.getByTestId("agent-starter").first(),
  },
  {
    name: "agent-needs-model",
    path: "/app/agents/writer",
    ready: (p) => p.getByTestId("agent-needs-model"),
  },
  // Screens of later releases ("coming soon"), reachable from the sidebar all the same.
  { name: "files", path: "/app/files", ready: h1 },
  { name: "custom-agents", path: "/app/agents/custom", ready: h1 },
  { name: "deep-research", path: "/app/agents/deepresearch", ready: h1 },
];

test.describe("accessibility (light and dark mode)", () => {
  test("public pages: 0 axe violations (light and dark)", async ({
    page,
    consoleGuard,
  }, testInfo) => {
    test.setTimeout(150_000);
    consoleGuard.allow(failedResource(404)); // the not-found page is served with 404
    for (const [index, screen] of PUBLIC.entries()) {
      await visit(page, screen, loadMode(index));
      await auditBothModes(page, testInfo, loadMode(index), screen.name);
    }
  });

  test("an answer and its share page: 0 axe violations (light and dark)", async ({
    page,
    context,
    baseURL,
    uniqueEmail,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signInViaApi(context, uniqueEmail("a11y-answer"));

    // A finished offline answer.
    await page.emulateMedia({ colorScheme: "light" });
    await ask(page, "How do share links work?");
    await finished(turns(page).first());
    await auditBothModes(page, testInfo, "light", "answer");

    // Its public share page.
    const threadId = THREAD_URL.exec(page.url())?.[1] ?? "";
    const share = await context.request.post("/api/shares", {
      data: { threadId },
      headers: { origin: baseURL ?? "" },
    });
    expect(share.status(), "POST /api/shares").toBe(201);
    const { shareId } = (await share.json()) as { shareId: string };
    await visit(
      page,
      {
        name: "share",
        path: `/share/${shareId}`,
        ready: (p) => p.getByText("How do share links work?").first(),
      },
      "dark",
    );
    await auditBothModes(page, testInfo, "dark", "share");
  });

  // The app's screens in a few groups, each in one signed-in page: the screens after the first
  // load from the browser's cache (a context per screen paid a cold first load each time).
  const groups = [APP.slice(0, 4), APP.slice(4, 8), APP.slice(8)];
  for (const [groupIndex, group] of groups.entries()) {
    test(`app screens ${group.map((s) => s.name).join(", ")}: 0 axe violations (light and dark)`, async ({
      page,
      context,
      uniqueEmail,
    }, testInfo) => {
      test.setTimeout(180_000);
      await signInViaApi(context, uniqueEmail(`a11y-${group[0]?.name}`));
      for (const [index, screen] of group.entries()) {
        await visit(page, screen, loadMode(groupIndex + index));
        await auditBothModes(page, testInfo, loadMode(groupIndex + index), screen.name);
      }
    });
  }

  test("admin sections: 0 axe violations (light and dark)", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signInAsSuperAdmin(context, baseURL ?? "");
    const adminNav = (p: Page) => p.getByRole("navigation", { name: "Admin sections" });
    for (const [index, section] of ["leads", "feedback", "users", "usage"].entries()) {
      await visit(
        page,
        { name: `admin-${section}`, path: `/app/admin/${section}`, ready: adminNav },
        loadMode(index),
      );
      await expect(adminNav(page).locator('a[aria-current="page"]')).toHaveAttribute(
        "href",
        `/app/admin/${section}`,
      );
      await auditBothModes(page, testInfo, loadMode(index), `admin-${section}`);
    }
  });
});

test.describe("accessibility at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "light" });

  test("landing, app home, an answer and history: 0 axe violations, best practices included (every part of the page inside a landmark)", async ({
    page,
    context,
    uniqueEmail,
  }, testInfo) => {
    test.setTimeout(120_000);
    const tags = [...WCAG_TAGS, "best-practice"];
    await signInViaApi(context, uniqueEmail("a11y-phone"));
    await visit(page, { name: "landing", path: "/", ready: h1 });
    await audit(page, testInfo, "phone", "landing", tags);
    await visit(page, {
      name: "app-home",
      path: "/app",
      ready: (p) => p.getByRole("textbox", { name: "Ask anything" }),
    });
    await expect(page.getByRole("banner").getByRole("button", { name: "Open menu" })).toBeVisible();
    await audit(page, testInfo, "phone", "app-home", tags);
    await ask(page, "How do share links work?");
    await finished(turns(page).first());
    await audit(page, testInfo, "phone", "answer", tags);
    await visit(page, { name: "history", path: "/app/history", ready: h1 });
    await audit(page, testInfo, "phone", "history", tags);
  });
});
