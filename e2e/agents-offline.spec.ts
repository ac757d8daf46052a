import { expect as baseExpect, signInViaApi, test } from "./support/fixtures.ts";
import { startPageStandIn, TIDES_PAGE_TEXT } from "./support/page-stand-in.ts";

/** Issue 13 on the main E2E server, which has no model (the offline engine). */
const expect = baseExpect.configure({ timeout: 20_000 });

test("offline: url-qa answers by quoting the page it read; writer says it needs a model", async ({
  page,
  context,
  uniqueEmail,
}) => {
  const pages = await startPageStandIn();
  try {
    await signInViaApi(context, uniqueEmail("agents-offline"));
    await page.goto("/app/agents");
    const writerCard = page.locator('[data-testid="preset-agent-card"][data-agent-id="writer"]');
    await expect(writerCard.getByTestId("agent-needs-model-badge")).toBeVisible();
    const urlQaCard = page.locator('[data-testid="preset-agent-card"][data-agent-id="url-qa"]');
    await expect(urlQaCard.getByTestId("agent-needs-model-badge")).toHaveCount(0);

    // Before typing, an agent that needs a model says what to configure.
    await page.goto("/app/agents/writer");
    const needs = page.getByTestId("agent-needs-model");
    await expect(needs).toContainText("This agent needs a language model");
    await expect(needs).toContainText("LLM_BASE_URL");
    await expect(page.getByRole("textbox", { name: "Message Writer" })).toBeDisabled();

    await page.goto("/app/agents/url-qa");
    const box = page.getByRole("textbox", { name: "Message URL Q&A" });
    await box.fill(`What pulls the oceans according to ${pages.url("/tides")}?`);
    await box.press("Enter");
    const reply = page.getByTestId("agent-reply").last();
    await expect(reply.getByTestId("agent-tool")).toContainText("Read 127.0.0.7");
    await expect(reply).toContainText(TIDES_PAGE_TEXT.slice(0, 30));
    expect(pages.hits).toEqual(["/tides"]);
  } finally {
    await pages.close();
  }
});
