import fs from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { LEAD_STATUS_LABELS, MESSAGES, type Mode, STORAGE_KEYS } from "@nexus/contracts";
import type { BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { analyzeAxe } from "./support/axe.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { signInAsSuperAdmin } from "./support/db.ts";
import { e2eEnv, inTourMatrix, SUPER_ADMIN_EMAIL } from "./support/env.ts";
import { expect, signInViaApi, test } from "./support/fixtures.ts";
import { latestMail } from "./support/mail.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Book-a-demo leads and the super-admins' area. Every test here comes from 127.0.0.1, so the E2E
 * server lifts the per-network lead limit (playwright.config.ts).
 */

/** A context signed in as the super-admin (a session in the database: see signInAsSuperAdmin). */
async function adminContext(
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await newContext(options);
  await signInAsSuperAdmin(context, e2eEnv.baseURL);
  return context;
}

async function fillLead(page: Page, values: { fullName: string; email: string }) {
  await page.getByLabel("Full name *").fill(values.fullName);
  await page.getByLabel("Work e-mail *").fill(values.email);
  await page.getByLabel("Company", { exact: true }).fill("Initech");
  await page.getByLabel("Job title").fill("Head of Platform");
  await page.getByLabel("Company size").selectOption("51-200");
  await page.getByLabel("Deployment preference").selectOption("self-hosted");
  await page.getByLabel("LinkedIn profile").fill("https://www.linkedin.com/in/e2e");
  await page.getByLabel("Message").fill("=SUM(A1) We want Nexus on our own servers.");
}

test("a demo request is validated, lands in the admin inbox, moves status and exports as CSV", async ({
  page,
  newContext,
  uniqueEmail,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("lead");
  const fullName = `Peter ${email.split("@")[0]}`;

  // The server's own answer for a lead without name or e-mail (the form never sends one).
  const bad = await request.post("/api/leads", { data: { company: "Initech" } });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
    MESSAGES.missingRequiredFields,
  );

  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Book a demo", level: 1 })).toBeVisible();
  const form = page.getByTestId("lead-form");
  await form.getByRole("button", { name: "Request a demo" }).click();
  await expect(page.getByTestId("lead-form-error")).toHaveText(MESSAGES.missingRequiredFields);
  await expect(page.getByLabel("Full name *")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full name *")).toBeFocused();
  await expect(page.getByLabel("Work e-mail *")).toHaveAccessibleDescription(
    MESSAGES.emailRequired,
  );
  // Typing clears that field's error; a malformed address gets the spec's message.
  await page.getByLabel("Full name *").fill(fullName);
  await expect(page.getByLabel("Full name *")).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Work e-mail *").fill("peter@initech");
  await form.getByRole("button", { name: "Request a demo" }).click();
  await expect(page.getByLabel("Work e-mail *")).toHaveAccessibleDescription(MESSAGES.emailInvalid);

  const since = Date.now();
  await fillLead(page, { fullName, email });
  await form.getByRole("button", { name: "Request a demo" }).click();
  const thanks = page.getByTestId("lead-confirmation");
  await expect(thanks).toContainText(`Thank you, Peter!`);
  await expect(thanks).toContainText(email);
  await expect(page.getByTestId("lead-form")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Thank you, Peter!" })).toBeFocused();

  // The super-admin is told by e-mail.
  const mail = await latestMail(SUPER_ADMIN_EMAIL, { since, subject: "New demo request: " });
  expect(mail.subject).toBe(`New demo request: ${fullName} (Initech)`);
  expect(mail.text).toContain(`E-mail: ${email}`);

  // The inbox: find it, open it, move it on, reload: the status stays.
  const admin = await (await adminContext(newContext)).newPage();
  await admin.goto("/app");
  await admin.getByRole("link", { name: "Admin" }).click();
  await expect(admin).toHaveURL(/\/app\/admin$/);
  await admin.getByRole("searchbox", { name: "Search leads" }).fill(email);
  const row = admin.getByTestId("lead-row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(admin.getByTestId("lead-row")).toHaveCount(1);
  await expect(row.getByTestId("lead-row-status")).toHaveText("New");
  await row.click();
  const detail = admin.getByTestId("lead-detail");
  await expect(detail.getByRole("heading", { name: fullName })).toBeVisible();
  await expect(detail).toContainText("Head of Platform");
  await expect(detail).toContainText("Self-hosted");
  await expect(detail).toContainText("=SUM(A1) We want Nexus on our own servers.");
  await expect(detail.getByTestId("lead-move-won")).toHaveCount(0);
  await detail.getByRole("button", { name: "Mark as contacted" }).click();
  await expect(detail.getByTestId("lead-detail-status")).toHaveText(LEAD_STATUS_LABELS.contacted);
  await expect(detail.getByRole("button", { name: "Mark as qualified" })).toBeVisible();

  await admin.reload();
  await expect(admin.getByTestId("lead-detail").getByTestId("lead-detail-status")).toHaveText(
    "Contacted",
  );
  await admin.keyboard.press("Escape");
  await expect(admin.getByTestId("lead-detail")).toHaveCount(0);
  await expect(admin).not.toHaveURL(/lead=/);
  await admin.getByRole("searchbox", { name: "Search leads" }).fill(email);
  await expect(
    admin.getByTestId("lead-row").filter({ hasText: email }).getByTestId("lead-row-status"),
  ).toHaveText("Contacted");
  // The status filter: contacted shows it, new does not.
  await admin.getByTestId("leads-status-filter").selectOption("new");
  await expect(admin.getByTestId("leads-no-results")).toBeVisible();
  await admin.getByTestId("leads-status-filter").selectOption("contacted");
  await expect(admin.getByTestId("lead-row").filter({ hasText: email })).toHaveCount(1);

  // CSV export of what the filters show.
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByTestId("leads-csv").click(),
  ]);
  expect(download.suggestedFilename()).toBe("nexus-leads.csv");
  const csv = await fs.readFile(await download.path(), "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe(
    "id,timestamp,lastUpdated,status,source,fullName,email,company,companySize,title,linkedinProfile,deploymentPreference,message,userId",
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`,contacted,book_demo,${fullName},${email},Initech,51-200,`);
  expect(lines[1]).toContain(",'=SUM(A1) We want Nexus on our own servers.,");
});

test("the feedback section lists a rating and exports it", async ({ newContext, request }) => {
  const text = `E2E feedback ${Date.now().toString(36)}`;
  const put = await request.put("/api/feedback", {
    headers: { "x-anon-id": `anon_${Date.now()}_e2efeedback` },
    data: {
      entryId: `e2e-${Date.now()}`,
      rating: "down",
      feedbackType: "outdated",
      feedbackText: text,
      query: "What is the latest Nexus release?",
      answer: "Nexus 1.0 is the latest release.",
    },
  });
  expect(put.status()).toBe(200);

  const page = await (await adminContext(newContext)).newPage();
  await page.goto("/app/admin/feedback");
  await expect(page.getByRole("link", { name: "Feedback" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const row = page.getByTestId("feedback-row").filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Not helpful");
  await expect(row).toContainText("Outdated");
  await expect(row).toContainText("anonymous");
  await expect(row).toContainText("What is the latest Nexus release?");
  await page.getByLabel("Rating").selectOption("up");
  await expect(page.getByTestId("feedback-row").filter({ hasText: text })).toHaveCount(0);
  await page.getByLabel("Rating").selectOption("down");
  await page.getByLabel("Reason").selectOption("outdated");
  await expect(page.getByTestId("feedback-row").filter({ hasText: text })).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("feedback-csv").click(),
  ]);
  expect(await fs.readFile(await download.path(), "utf8")).toContain(text);
});

test("the users section changes a user's tier, and the usage overview counts it", async ({
  newContext,
  uniqueEmail,
}) => {
  const customer = await newContext();
  const email = uniqueEmail("tier");
  await signInViaApi(customer, email);

  const page = await (await adminContext(newContext)).newPage();
  await page.goto("/app/admin/usage");
  const proUsers = Number(await page.getByTestId("usage-users-pro").textContent());

  await page.getByTestId("admin-tab-users").click();
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  const row = page.getByTestId("user-row").filter({ hasText: email });
  await expect(row.getByTestId("user-tier")).toHaveText("Free");
  await row.getByRole("button", { name: `Make Pro (${email})` }).click();
  await expect(row.getByTestId("user-tier")).toHaveText("Pro");
  await expect(row.getByRole("button", { name: `Move to Free (${email})` })).toBeVisible();

  const me = (await (await customer.request.get("/api/me")).json()) as { tier: string };
  expect(me.tier).toBe("pro");
  await page.reload();
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  await expect(
    page.getByTestId("user-row").filter({ hasText: email }).getByTestId("user-tier"),
  ).toHaveText("Pro");

  await page.getByTestId("admin-tab-usage").click();
  await expect(page.getByTestId("usage-users-pro")).not.toHaveText(String(proUsers));
  expect(Number(await page.getByTestId("usage-users-pro").textContent())).toBeGreaterThan(proUsers);
});

test("everyone but a super-admin gets the not-found page and 404s", async ({
  page,
  newContext,
  uniqueEmail,
}) => {
  const unknown = await page.request.get("/api/admin/no-such-route");
  const notFoundBody = await unknown.text();
  expect(unknown.status()).toBe(404);

  const user = await newContext();
  await signInViaApi(user, uniqueEmail("not-admin"));
  for (const context of [page.context(), user]) {
    const p = context === user ? await user.newPage() : page;
    for (const path of ["/app/admin", "/app/admin/leads", "/app/admin/users"]) {
      await p.goto(path);
      await expect(p.getByTestId("not-found")).toBeVisible();
      await expect(p.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
    await expect(p.getByRole("link", { name: "Admin" })).toHaveCount(0);
    for (const [method, path] of [
      ["GET", "/api/admin/leads"],
      ["GET", "/api/admin/leads.csv"],
      ["GET", "/api/admin/feedback"],
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/usage"],
      ["PATCH", "/api/admin/leads/anything"],
    ] as const) {
      const res = await context.request.fetch(path, {
        method,
        ...(method === "PATCH" ? { data: { status: "contacted" } } : {}),
      });
      expect(res.status(), `${method} ${path}`).toBe(404);
      expect(await res.text()).toBe(notFoundBody);
    }
  }

  // A super-admin on an unknown section also gets the not-found page.
  const adminPage = await (await adminContext(newContext)).newPage();
  await adminPage.goto("/app/admin/nothing-here");
  await expect(adminPage.getByTestId("not-found")).toBeVisible();
});

const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const COMBOS = (["light", "dark"] as const).flatMap((mode: Mode) =>
  (Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)
    .filter((viewport) => inTourMatrix(mode, viewport, "leads-admin-1"))
    .map((viewport) => ({ mode, viewport })),
);

async function shoot(page: Page, name: string, combo: { mode: Mode; viewport: string }) {
  await page.evaluate("window.scrollTo(0, 0)");
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await fontsReady(page);
  await expect(page.locator("html")).toHaveClass(
    combo.mode === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
  );
  // Nothing may be wider than the viewport (a phone scrolling sideways).
  const overflow: unknown = await page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  );
  expect(overflow, `horizontal overflow of ${name}`).toBe(0);
  // Accessibility (axe-core, WCAG 2.x A/AA): the whole public page; in /app, the main area and any
  // open dialog (the app shell around them is checked by its own specs).
  // Only violations are read: passing and inapplicable rules get one node each (axe's resultTypes),
  // which spares axe a unique selector for every passing node.
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  if (name.startsWith("admin")) builder.include("#main").include('[role="dialog"]');
  const axe = await analyzeAxe(builder, page);
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe violations on ${name}-${combo.mode}-${combo.viewport}`,
  ).toEqual([]);
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}-${combo.mode}-${combo.viewport}.png`),
    fullPage: true,
    animations: "disabled",
  });
}

for (const combo of COMBOS) {
  test(`screenshots of the book-a-demo page and the admin area, ${combo.mode}, ${combo.viewport}`, async ({
    newContext,
    uniqueEmail,
  }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail(`shots-lead-${combo.mode}-${combo.viewport}`);
    const context = await newContext({
      viewport: VIEWPORTS[combo.viewport],
      colorScheme: combo.mode,
      deviceScaleFactor: 1,
    });
    await presetLocalStorage(context, { [STORAGE_KEYS.mode]: combo.mode });
    const page = await context.newPage();
    await page.goto("/book-demo");
    await shoot(page, "book-demo", combo);
    await page.getByRole("button", { name: "Request a demo" }).click();
    await expect(page.getByTestId("lead-form-error")).toBeVisible();
    await shoot(page, "book-demo-errors", combo);
    await fillLead(page, { fullName: "Samir Nagheenanajar", email });
    await page.getByRole("button", { name: "Request a demo" }).click();
    await expect(page.getByTestId("lead-confirmation")).toBeVisible();
    await shoot(page, "book-demo-confirmation", combo);

    const adminCtx = await adminContext(newContext, {
      viewport: VIEWPORTS[combo.viewport],
      colorScheme: combo.mode,
      deviceScaleFactor: 1,
    });
    await presetLocalStorage(adminCtx, { [STORAGE_KEYS.mode]: combo.mode });
    const admin = await adminCtx.newPage();
    await admin.goto("/app/admin");
    await expect(admin.getByTestId("lead-row").first()).toBeVisible();
    await shoot(admin, "admin-leads", combo);
    await admin.getByRole("searchbox", { name: "Search leads" }).fill(email);
    await expect(admin.getByTestId("lead-row")).toHaveCount(1);
    await admin.getByTestId("lead-row").click();
    await expect(admin.getByTestId("lead-detail")).toBeVisible();
    await shoot(admin, "admin-lead-detail", combo);
    await admin.keyboard.press("Escape");
    for (const section of ["feedback", "users", "usage"] as const) {
      await admin.goto(`/app/admin/${section}`);
      await expect(admin.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
      await shoot(admin, `admin-${section}`, combo);
    }
  });
}
