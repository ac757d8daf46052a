import path from "node:path";
import { PRESET_AGENT_INFO, STORAGE_KEYS } from "@nexus/contracts";
import type { Page } from "@playwright/test";
import {
  askFromHome,
  DEFAULT_SENTENCES,
  expectAnswer,
  finished,
  resetFakesAroundEachTest,
  turns,
} from "./support/answer-page.ts";
import { writeLocalStorage } from "./support/browser-storage.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect, test } from "./support/model-server.ts";
import { REPO_ROOT } from "./support/server-process.ts";

/**
 * Issue 24, scope 5: Regenerate and an edited question sent again keep the reply before as a
 * version — "‹ 1/2 ›" pages through them, in an answer thread and an agent chat, also after a
 * reload (the server keeps them with the turn).
 */
resetFakesAroundEachTest();

const SHOTS = path.join(REPO_ROOT, "e2e-output/screenshots");
const pager = (page: Page) => page.getByTestId("version-pager");
const editForm = (page: Page) =>
  page.locator("form", { has: page.getByTestId("edit-question-input") });

test("an answer: Regenerate, then the question edited, each keep the answer before as a version", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  await signInViaApi(context, uniqueEmail("versions-answer"));
  await askFromHome(page, "Why are there tides?");
  const turn = turns(page).first();
  await expectAnswer(turn, DEFAULT_SENTENCES[0] ?? "");
  await finished(turn);
  await expect(pager(page)).toHaveCount(0);

  modelServer.answers.push({ kind: "text", text: "The second take on tides [1]." });
  await turn.getByRole("button", { name: "Regenerate" }).click();
  await expectAnswer(turns(page).first(), "The second take on tides");
  await finished(turns(page).first());
  await expect(pager(page)).toContainText("2/2");

  // The question edited and sent again: a third version, answered from the edited question.
  modelServer.answers.push({ kind: "text", text: "Two tides a day, because of the moon [1]." });
  await turns(page).first().getByTestId("edit-question").click();
  const input = page.getByTestId("edit-question-input");
  await input.fill("Why are there two tides a day?");
  await editForm(page).getByRole("button", { name: "Send", exact: true }).click();
  await expectAnswer(turns(page).first(), "Two tides a day");
  await finished(turns(page).first());
  await expect(turns(page).first().getByRole("heading", { level: 1 })).toHaveText(
    "Why are there two tides a day?",
  );
  await expect(pager(page)).toContainText("3/3");
  const asked = modelServer.llm.requests.filter((r) => r.stream).at(-1);
  expect(JSON.stringify(asked?.messages)).toContain("two tides a day");

  await page.getByRole("button", { name: "Previous version" }).click();
  await expect(pager(page)).toContainText("2/3");
  await expectAnswer(turns(page).first(), "The second take on tides");
  await expect(turns(page).first().getByRole("heading", { level: 1 })).toHaveText(
    "Why are there tides?",
  );
  // An earlier version is read-only: no actions on it.
  await expect(turns(page).first().getByRole("button", { name: "Regenerate" })).toHaveCount(0);

  // The server kept them: after a reload the pager is back, on the latest.
  await page.reload();
  await expect(pager(page)).toContainText("3/3");
  await page.getByRole("button", { name: "Previous version" }).click();
  await page.getByRole("button", { name: "Previous version" }).click();
  await expect(pager(page)).toContainText("1/3");
  await expectAnswer(turns(page).first(), DEFAULT_SENTENCES[0] ?? "");
  await expect(page.getByRole("button", { name: "Previous version" })).toBeDisabled();
  await page.screenshot({ path: path.join(SHOTS, "versions-answer-light-desktop.png") });
});

for (const kind of ["preset", "custom"] as const) {
  test(`an agent chat: Regenerate and an edited message keep the reply before as a version (${kind} agent)`, async ({
    page,
    context,
    modelServer,
    uniqueEmail,
  }) => {
    await signInViaApi(context, uniqueEmail(`versions-agent-${kind}`));
    let name = PRESET_AGENT_INFO.writer.name;
    if (kind === "preset") await page.goto("/app/agents/writer");
    else {
      name = "Poem Coach";
      const created = await page.request.post("/api/custom-agents", {
        data: { name, emoji: "📝", color: "sky", instructions: "Write short poems." },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      await page.goto(`/app/agents/custom/${id}`);
    }
    modelServer.answers.push({ kind: "text", text: "A first short poem." });
    const box = page.getByRole("textbox", { name: `Message ${name}` });
    await box.fill("A poem about the sea");
    await box.press("Enter");
    const reply = page.getByTestId("agent-reply").first();
    await expect(reply).toContainText("A first short poem.");
    await expect(reply.getByTestId("agent-reply-actions")).toBeVisible();

    modelServer.answers.push({ kind: "text", text: "A second, calmer poem." });
    await reply.getByRole("button", { name: "Regenerate" }).click();
    await expect(reply).toContainText("A second, calmer poem.");
    await expect(pager(page)).toContainText("2/2");

    modelServer.answers.push({ kind: "text", text: "A poem about the mountains." });
    await expect(page.getByTestId("edit-question")).toBeVisible();
    await page.getByTestId("edit-question").click();
    await page.getByTestId("edit-question-input").fill("A poem about the mountains");
    await editForm(page).getByRole("button", { name: "Send", exact: true }).click();
    await expect(reply).toContainText("A poem about the mountains.");
    await expect(page.getByTestId("agent-user-message")).toContainText(
      "A poem about the mountains",
    );
    await expect(pager(page)).toContainText("3/3");

    await page.getByRole("button", { name: "Previous version" }).click();
    await expect(reply).toContainText("A second, calmer poem.");
    await expect(page.getByTestId("agent-version-question")).toContainText("A poem about the sea");

    // After a reload (in dark mode, on a phone, for the screenshot) the versions are still there.
    await writeLocalStorage(page, STORAGE_KEYS.mode, "dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(pager(page)).toContainText("3/3");
    await page.getByRole("button", { name: "Previous version" }).click();
    await page.getByRole("button", { name: "Previous version" }).click();
    await expect(page.getByTestId("agent-reply").first()).toContainText("A first short poem.");
    await page.screenshot({ path: path.join(SHOTS, `versions-agent-${kind}-dark-phone.png`) });
  });
}
