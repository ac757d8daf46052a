import { RESEARCH_PLAN_MAX } from "@nexus/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RESEARCH_EXAMPLES, ResearchStart, researchQuotaNote } from "./research-start.tsx";
import { item, json, renderAt, server } from "./research-test-kit.tsx";

const PLAN = ["What are share links?", "Who can open one?", "How is one revoked?"];

function setup(tier: "free" | "pro" = "free") {
  renderAt(<ResearchStart />, {
    path: "/app/agents/deepresearch",
    pattern: "/app/agents/deepresearch",
    tier,
  });
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe("ResearchStart", () => {
  it("asks for a question before planning or starting; an example fills the box", async () => {
    const requests = server(() => null);
    const user = setup();
    await user.click(screen.getByTestId("research-make-plan"));
    expect(screen.getByTestId("research-invalid").textContent).toMatch(/Write the question/);
    await user.click(screen.getByTestId("research-start-now"));
    expect(requests).toHaveLength(0);
    expect(screen.getAllByTestId("research-example")).toHaveLength(RESEARCH_EXAMPLES.length);
    await user.click(screen.getAllByTestId("research-example")[0] as HTMLElement);
    expect(screen.getByTestId("research-question")).toHaveValue(RESEARCH_EXAMPLES[0]);
    expect(screen.queryByTestId("research-invalid")).toBeNull();
  });

  it("marks thorough Pro and keeps it from a free account, saying why; Pro may choose it", async () => {
    server(() => null);
    setup("free");
    const thorough = within(screen.getByTestId("research-depth-thorough")).getByRole("radio");
    expect(thorough).toBeDisabled();
    expect(screen.getByTestId("research-depth-thorough").textContent).toContain("Pro");
    expect(screen.getByTestId("research-depth-lock").textContent).toMatch(/Pro plan/);
    expect(thorough).toHaveAccessibleDescription(/Pro plan/);
  });

  it("lets a Pro account choose thorough", async () => {
    const requests = server((url) =>
      url.endsWith("/api/research") ? json(item({ threadId: "T9" }), 201) : null,
    );
    const user = setup("pro");
    expect(screen.queryByTestId("research-depth-lock")).toBeNull();
    await user.click(within(screen.getByTestId("research-depth-thorough")).getByRole("radio"));
    await user.type(screen.getByTestId("research-question"), "Why tides?");
    await user.click(screen.getByTestId("research-start-now"));
    expect(await screen.findByTestId("elsewhere")).toHaveTextContent("/app/agents/deepresearch/T9");
    expect(requests.at(-1)?.body).toEqual({
      question: "Why tides?",
      depth: "thorough",
      sources: "both",
    });
  });

  it("plans, lets the plan be edited (edit, remove, add up to 7) and starts with it", async () => {
    const requests = server((url) => {
      if (url.endsWith("/api/research/plan")) return json({ subQuestions: PLAN, offline: true });
      if (url.endsWith("/api/research")) return json(item({ threadId: "T2" }), 201);
      return null;
    });
    const user = setup();
    await user.type(screen.getByTestId("research-question"), "How do share links work?");
    await user.click(within(screen.getByTestId("research-sources-web")).getByRole("radio"));
    await user.click(screen.getByTestId("research-make-plan"));
    const fields = await screen.findAllByTestId("research-plan-question");
    expect(fields.map((f) => (f as HTMLInputElement).value)).toEqual(PLAN);
    expect(requests[0]?.body).toEqual({
      question: "How do share links work?",
      depth: "standard",
      sources: "web",
    });
    expect(screen.getByTestId("research-plan").textContent).toMatch(/without a model/);

    await user.clear(fields[1] as HTMLElement);
    await user.type(fields[1] as HTMLElement, "Who may open a link?");
    await user.click(screen.getAllByTestId("research-plan-remove")[0] as HTMLElement);
    const add = screen.getByTestId("research-plan-add");
    for (let i = 2; i < RESEARCH_PLAN_MAX; i++) await user.click(add);
    expect(screen.getAllByTestId("research-plan-question")).toHaveLength(RESEARCH_PLAN_MAX);
    expect(add).toBeDisabled();
    // The new, empty fields are dropped; one filled in is kept.
    await user.type(screen.getAllByTestId("research-plan-question")[2] as HTMLElement, "When?");

    await user.click(screen.getByTestId("research-start-plan"));
    expect(await screen.findByTestId("elsewhere")).toHaveTextContent("/app/agents/deepresearch/T2");
    expect(requests.at(-1)?.body).toEqual({
      question: "How do share links work?",
      depth: "standard",
      sources: "web",
      subQuestions: ["Who may open a link?", "How is one revoked?", "When?"],
    });
  });

  it("will not start a plan emptied of every question", async () => {
    const requests = server((url) =>
      url.endsWith("/api/research/plan")
        ? json({ subQuestions: ["Only one?"], offline: false })
        : null,
    );
    const user = setup();
    await user.type(screen.getByTestId("research-question"), "Q");
    await user.click(screen.getByTestId("research-make-plan"));
    await user.click(await screen.findByTestId("research-plan-remove"));
    await user.click(screen.getByTestId("research-start-plan"));
    expect(screen.getByTestId("research-invalid").textContent).toMatch(/at least one/);
    expect(requests).toHaveLength(1);
  });

  it("shows the quota card when the research quota is used up", async () => {
    server((url) =>
      url.endsWith("/api/research")
        ? json(
            {
              error: { code: "quota_exceeded", message: "No agent chats left." },
              details: {
                counter: "agentUsage",
                current: 20,
                limit: 20,
                tier: "free",
                resetsAt: "2026-02-01T00:00:00.000Z",
                upgrade: "plans",
              },
            },
            429,
          )
        : null,
    );
    const user = setup();
    await user.type(screen.getByTestId("research-question"), "Q");
    await user.click(screen.getByTestId("research-start-now"));
    const card = await screen.findByTestId("quota-limit");
    expect(card.textContent).toMatch(/20 agent chats/);
    // The wall speaks of research, not of a conversation's follow-ups.
    expect(card.textContent).toContain(researchQuotaNote());
    expect(card.textContent).not.toMatch(/Follow-ups/);
    expect(screen.queryByTestId("elsewhere")).toBeNull();
  });

  it("shows the same quota card when a plan is refused at the quota", async () => {
    server((url) =>
      url.endsWith("/api/research/plan")
        ? json(
            {
              error: { code: "quota_exceeded", message: "No agent chats left." },
              details: {
                counter: "agentUsage",
                current: 20,
                limit: 20,
                tier: "free",
                resetsAt: "2026-02-01T00:00:00.000Z",
                upgrade: "plans",
              },
            },
            429,
          )
        : null,
    );
    const user = setup();
    await user.type(screen.getByTestId("research-question"), "Q");
    await user.click(screen.getByTestId("research-make-plan"));
    const card = await screen.findByTestId("quota-limit");
    expect(card.textContent).toMatch(/20 agent chats/);
    expect(screen.queryByText(/The plan could not be made/)).toBeNull();
  });
});
