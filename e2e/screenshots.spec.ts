import path from "node:path";
import { type Mode, STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import { VerificationModal } from "./pages/verification-modal.ts";
import { fontsReady, presetLocalStorage } from "./support/browser-storage.ts";
import { withServerDatabase } from "./support/db.ts";
import { inTourMatrix } from "./support/env.ts";
import { expect, requestLinkViaApi, signInViaApi, test } from "./support/fixtures.ts";
import {
  test as answerTest,
  DEFAULT_ANSWER,
  RELATED_QUESTIONS,
  stubExternalHosts,
} from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

const SCREENSHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
const MODES: Mode[] = ["light", "dark"];

/** Waits until the page has settled: no spinner, no skeleton, fonts loaded. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  await fontsReady(page);
}

/** Asks from the home page and waits for the finished answer. */
async function askAndWait(page: Page, question: string): Promise<void> {
  await page.goto("/app");
  const box = page.getByRole("textbox", { name: "Ask anything" });
  await box.fill(question);
  await box.press("Enter");
  const turn = page.getByTestId("answer-turn").first();
  await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  await expect(turn.getByRole("button", { name: "Copy", exact: true })).toBeVisible();
  await expect(turn.getByTestId("related-questions")).toBeVisible();
  // Nothing on the page may be wider than the viewport (a phone scrolling sideways).
  const overflow: unknown = await page.evaluate(
    "document.documentElement.scrollWidth - document.documentElement.clientWidth",
  );
  expect(overflow, "horizontal overflow in px").toBe(0);
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const mode of MODES) {
    if (!inTourMatrix(mode, viewportName, "screenshots-1")) continue;
    test(`screenshots, ${mode}, ${viewportName}`, async ({ newContext, uniqueEmail, request }) => {
      test.setTimeout(150_000);
      const options = { viewport, colorScheme: mode, deviceScaleFactor: 1 } as const;
      const context = await newContext(options);
      await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
      const shoot = async (page: Page, name: string) => {
        await settle(page);
        if (mode === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${name}-${mode}-${viewportName}.png`),
          fullPage: true,
          animations: "disabled",
        });
      };
      const page = await context.newPage();
      await page.goto("/");
      await shoot(page, "landing");

      await signInViaApi(context, uniqueEmail(`shots-${mode}-${viewportName}`));
      const screens = [
        ["app", "/app"],
        ["settings", "/app/settings"],
        ["usage", "/app/usage"],
        ["subscription-plans", "/app/subscription-plans"],
      ] as const;
      for (const [name, route] of screens) {
        await page.goto(route);
        await expect(page.getByRole("main")).toBeVisible();
        await shoot(page, name);
      }

      // An answer of the offline engine (no model, no search configured on this server).
      await askAndWait(page, "How do I connect a language model?");
      await expect(page.getByTestId("offline-badge")).toBeVisible();
      await shoot(page, "answer-offline");

      // The verification modal: a link opened in a browser with no stored address.
      const link = await requestLinkViaApi(request, uniqueEmail(`shots-modal-${mode}`));
      const fresh = await newContext(options);
      await presetLocalStorage(fresh, { [STORAGE_KEYS.mode]: mode });
      const modalPage = await fresh.newPage();
      await modalPage.goto(link);
      await expect(new VerificationModal(modalPage).dialog).toBeVisible();
      await shoot(modalPage, "verification-modal");
    });
  }
}

// The answer page as with a configured model and SearXNG: sources, a cited answer, images and
// videos, related questions, and a follow-up.
for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const mode of MODES) {
    if (!inTourMatrix(mode, viewportName, "screenshots-2")) continue;
    answerTest(
      `answer screenshots, ${mode}, ${viewportName}`,
      async ({ newContext, modelServer }) => {
        answerTest.setTimeout(150_000);
        const context = await newContext({ viewport, colorScheme: mode, deviceScaleFactor: 1 });
        await stubExternalHosts(context, modelServer.origin);
        await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
        const page = await context.newPage();
        const shoot = async (name: string) => {
          await settle(page);
          await expect(page.locator("html")).toHaveClass(
            mode === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
          );
          await page.screenshot({
            path: path.join(SCREENSHOTS, `${name}-${mode}-${viewportName}.png`),
            fullPage: true,
            animations: "disabled",
          });
        };
        await page.goto("/app");
        await expect(page.getByRole("textbox", { name: "Ask anything" })).toBeFocused();
        await shoot("home");

        modelServer.answers.push({
          kind: "text",
          text: `${DEFAULT_ANSWER}\n\n| Step | What happens |\n| --- | --- |\n| Search | SearXNG finds pages [1] |\n| Read | The top pages are read [2] |\n\nA short example:\n\n\`\`\`ts\nconst answer = await ask("What is Nexus?");\n\`\`\``,
        });
        await askAndWait(page, "How does Nexus find and cite its sources?");
        await expect(page.getByTestId("media-panel")).toBeVisible();
        await expect(page.getByTestId("related-questions")).toContainText(
          RELATED_QUESTIONS[0] ?? "",
        );
        await page.evaluate("window.scrollTo(0, 0)");
        await shoot("answer");

        // A follow-up: two turns in the thread.
        const followUp = page.getByRole("textbox", { name: "Ask a follow-up" });
        await followUp.fill("Can I use my own model?");
        await followUp.press("Enter");
        const second = page.getByTestId("answer-turn").nth(1);
        await expect(second).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
        await expect(second.getByTestId("related-questions")).toBeVisible();
        await shoot("answer-follow-up");
      },
    );
  }
}

// History, library and share pages (issue 4), with threads saved through the API and dated in
// the database so every date group shows.
const SHOT_SOURCES = [1, 2, 3, 4, 5].map((n) => ({
  title: `Result ${n}: how Nexus answers`,
  url: `https://site${n}.example.org/article`,
  domain: `site${n}.example.org`,
  favicon: null,
  snippet: `What page ${n} says about answers with sources.`,
}));
const SHOT_THREADS = [
  { query: "How does Nexus find and cite its sources?", daysAgo: 0, turns: 2 },
  { query: "Which language models can I connect?", daysAgo: 0, turns: 1 },
  { query: "How long is my history kept?", daysAgo: 1, turns: 3 },
  { query: "Can I share a whole conversation?", daysAgo: 4, turns: 1 },
  { query: "What is the difference between focus modes?", daysAgo: 12, turns: 2 },
  { query: "How do I self-host Nexus with Docker?", daysAgo: 90, turns: 1 },
];

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const mode of MODES) {
    if (!inTourMatrix(mode, viewportName, "screenshots-3")) continue;
    answerTest(
      `history, library and share screenshots, ${mode}, ${viewportName}`,
      async ({ newContext, modelServer, uniqueEmail }) => {
        answerTest.setTimeout(150_000);
        const options = { viewport, colorScheme: mode, deviceScaleFactor: 1 } as const;
        const context = await newContext(options);
        await stubExternalHosts(context, modelServer.origin);
        await presetLocalStorage(context, { [STORAGE_KEYS.mode]: mode });
        await signInViaApi(context, uniqueEmail(`shots-history-${mode}-${viewportName}`));
        const api = context.request;
        const threadIds: string[] = [];
        for (const [index, thread] of SHOT_THREADS.entries()) {
          const threadId = `shots${index}${Math.random().toString(36).slice(2)}`.replace(
            /[^A-Za-z0-9]/g,
            "",
          );
          const turns = Array.from({ length: thread.turns }, (_, turn) => ({
            query: turn === 0 ? thread.query : `Follow-up question ${turn} about it`,
            markdown: `${DEFAULT_ANSWER}\n\n- **Search** finds pages [1]\n- **Read** the top pages [2]`,
            sources: SHOT_SOURCES,
          }));
          const saved = await api.post("/api/history/import", {
            data: { threadId, focusMode: index === 4 ? "academic" : "web", turns },
          });
          expect(saved.ok(), "POST /api/history/import").toBe(true);
          const { threadId: savedId } = (await saved.json()) as { threadId: string };
          threadIds.push(savedId);
          await withServerDatabase(
            (client) =>
              client.query(
                `update search_history set timestamp = timestamp - make_interval(days => $2)
                 where thread_id = $1`,
                [savedId, thread.daysAgo],
              ),
            modelServer.dataDir,
          );
        }
        // Bookmarks and links for the library, the share pages and the settings list.
        const linkPaths: string[] = [];
        for (const [index, threadId] of threadIds.slice(0, 3).entries()) {
          const thread = (await (await api.get(`/api/threads/${threadId}`)).json()) as {
            entries: { id: string }[];
          };
          const entry = thread.entries[0];
          if (!entry) throw new Error("an imported thread without entries");
          await api.put(`/api/history/${entry.id}/bookmark`, { data: { isBookmarked: true } });
          const share = await api.post("/api/shares", {
            data: index === 2 ? { threadId } : { entryId: entry.id },
          });
          linkPaths.push(new URL(((await share.json()) as { url: string }).url).pathname);
        }

        const page = await context.newPage();
        const shoot = async (target: Page, name: string) => {
          await settle(target);
          await target.screenshot({
            path: path.join(SCREENSHOTS, `${name}-${mode}-${viewportName}.png`),
            fullPage: true,
            animations: "disabled",
          });
        };
        await page.goto("/app/history");
        await expect(page.getByTestId("history-group")).toHaveCount(5);
        await shoot(page, "history");
        await page.goto("/app/library");
        await expect(page.getByTestId("library-item")).toHaveCount(3);
        await shoot(page, "library");
        await page.goto("/app/settings#share-links");
        await expect(page.getByTestId("share-link")).toHaveCount(3);
        await shoot(page, "settings-share-links");

        // The share pages, signed out.
        const visitor = await newContext(options);
        await stubExternalHosts(visitor, modelServer.origin);
        await presetLocalStorage(visitor, { [STORAGE_KEYS.mode]: mode });
        const sharePage = await visitor.newPage();
        await sharePage.goto(linkPaths[0] ?? "");
        await expect(sharePage.getByTestId("shared-turn")).toHaveCount(1);
        await shoot(sharePage, "share-answer");
        await sharePage.goto(linkPaths[2] ?? "");
        await expect(sharePage.getByTestId("shared-turn")).toHaveCount(3);
        await shoot(sharePage, "share-thread");
      },
    );
  }
}
