import type { Page } from "@playwright/test";
import { expect, signInViaApi, test } from "./support/fixtures.ts";

/**
 * A finished research's page arrives with its report drawn by the server (its first view): the
 * question and the report's text are on screen before any script runs, and the app then shows the
 * same report in the same place.
 */
const QUESTION = "How do I share a <b>thread</b> and what does the reader see?";
/** The app's entry script: routed to an empty one, what shows is what the server drew. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** The report's lines as text: no heading or list marks, no citation numbers. */
function reportLines(report: string): string[] {
  return report
    .split("\n")
    .map((line) =>
      line
        .replace(/^#+\s+|^-\s+/, "")
        .replace(/(\s*\[\d+\])+\s*$/, "")
        .trim(),
    )
    .filter((line) => line !== "");
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `e2e-output/screenshots/first-view-research-${name}.png` });
}

test("a finished research's report is on screen before any script runs, then the app shows the same", async ({
  page,
  context,
  uniqueEmail,
}) => {
  test.setTimeout(90_000);
  await signInViaApi(context, uniqueEmail("research-first-view"));
  const started = await context.request.post("/api/research", {
    data: { question: QUESTION, depth: "quick", sources: "both" },
  });
  expect(started.status()).toBe(201);
  const { threadId } = (await started.json()) as { threadId: string };
  await expect
    .poll(
      async () =>
        (
          (await (await context.request.get(`/api/research/${threadId}`)).json()) as {
            status: string;
          }
        ).status,
      { timeout: 60_000 },
    )
    .toBe("succeeded");
  const thread = (await (await context.request.get(`/api/threads/${threadId}`)).json()) as {
    messages: Array<{ parts: Array<{ type: string; text?: string }> }>;
  };
  const report = (thread.messages[1]?.parts ?? []).map((p) => p.text ?? "").join("");
  expect(report).toContain("## ");

  const url = `/app/agents/deepresearch/${threadId}`;
  const main = page.getByRole("main");
  const title = main.getByRole("heading", { level: 1, name: QUESTION });
  for (const [mode, viewport] of [
    ["phone-light", { width: 390, height: 844 }],
    ["desktop-dark", { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: mode.endsWith("dark") ? "dark" : "light" });
    await page.route(ENTRY, (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
    );
    await page.goto(url);
    // The server's first view: the question, and the report's text as it was written.
    await expect(title).toBeVisible();
    const plain = main.getByTestId("answer-markdown-fallback");
    await expect(plain).toBeVisible();
    expect(await plain.evaluate((element) => element.textContent)).toBe(report);
    await expect(main.getByTestId("research-report")).toHaveCount(0);
    const drawn = await plain.boundingBox();
    await screenshots(page, `${mode}-server`);

    // With its code the app takes over: the same question and report, its actions now there.
    await page.unroute(ENTRY);
    await page.goto(url);
    await expect(main.getByTestId("research-report")).toBeVisible();
    await expect(main.getByTestId("research-copy")).toBeVisible();
    await expect(title).toBeVisible();
    const text = main.getByTestId("research-report-text");
    const shown = (await text.innerText()).replace(/\s+/g, " ");
    for (const line of reportLines(report)) expect(shown).toContain(line.replace(/\s+/g, " "));
    // The report starts where the first view drew it.
    expect((await text.boundingBox())?.y).toBe(drawn?.y);
    await screenshots(page, `${mode}-app`);
  }
});
