import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { ResearchResults } from "./research-results.tsx";
import { item, json, renderAt, server } from "./research-test-kit.tsx";

function setup() {
  renderAt(<ResearchResults />, {
    path: "/app/agents/deepresearch/results",
    pattern: "/app/agents/deepresearch/results",
  });
  return userEvent.setup();
}

afterEach(async () => {
  vi.unstubAllGlobals();
  // The web project's files share one module graph: leave the interface in English.
  await activateLocale("en");
});

const FINISHED = item({
  threadId: "T1",
  question: "How do share links work?",
  status: "succeeded",
  endedAt: "2026-01-01T10:02:05.000Z",
  sourcesRead: 4,
  sourcesFound: 6,
  spent: { steps: 10, pages: 4, tokens: 900, elapsedMs: 125_000 },
});
const RUNNING = item({ threadId: "T2", question: "Why tides?", status: "running" });

describe("ResearchResults", () => {
  it("lists each research with its status, date, duration and sources; opens one", async () => {
    server((url) => (url.endsWith("/api/research") ? json({ items: [FINISHED, RUNNING] }) : null));
    const user = setup();
    const rows = await screen.findAllByTestId("research-result");
    expect(rows.map((row) => row.dataset.status)).toEqual(["succeeded", "running"]);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByTestId("research-status")).toHaveTextContent("Finished");
    expect(rows[0]?.textContent).toContain("2 min 05 s");
    expect(first.getByTestId("research-result-sources")).toHaveTextContent(
      "4 read of 6 sources found",
    );
    expect(within(rows[1] as HTMLElement).getByTestId("research-status")).toHaveTextContent(
      "Running",
    );
    await user.click(first.getByRole("link", { name: "How do share links work?" }));
    expect(await screen.findByTestId("elsewhere")).toHaveTextContent("/app/agents/deepresearch/T1");
  });

  it("searches, and deletes one after confirming", async () => {
    let items = [FINISHED, RUNNING];
    const requests = server((url, init) => {
      if (url.includes("/api/research?q=tides"))
        return json({ items: items.filter((i) => i.question.includes("tides")) });
      if (url.endsWith("/api/research")) return json({ items });
      if (url.endsWith("/api/research/T2") && init?.method === "DELETE") {
        items = items.filter((i) => i.threadId !== "T2");
        return json(null, 204);
      }
      return null;
    });
    const user = setup();
    await screen.findAllByTestId("research-result");
    await user.type(screen.getByRole("searchbox", { name: "Search your research" }), "tides");
    await vi.waitFor(() => expect(screen.getAllByTestId("research-result")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Delete research: Why tides?" }));
    const dialog = await screen.findByTestId("research-delete-dialog");
    expect(dialog.textContent).toMatch(/still running/);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByTestId("research-results-no-match")).toBeInTheDocument();
    expect(requests.some((r) => r.method === "DELETE" && r.url.endsWith("/api/research/T2"))).toBe(
      true,
    );
  });

  it("says when there is no research yet", async () => {
    server((url) => (url.endsWith("/api/research") ? json({ items: [] }) : null));
    setup();
    const empty = await screen.findByTestId("research-results-empty");
    expect(within(empty).getByRole("link", { name: "Start a research" })).toHaveAttribute(
      "href",
      "/app/agents/deepresearch",
    );
  });

  it("says when the list could not be loaded, and retries", async () => {
    let fail = true;
    server((url) => {
      if (!url.endsWith("/api/research")) return null;
      return fail
        ? json({ error: { code: "internal", message: "Database down." } }, 500)
        : json({ items: [FINISHED] });
    });
    const user = setup();
    expect(
      await screen.findByText(/Your research could not be loaded\. Database down\./),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("research-result")).toHaveLength(1);
  });

  it("reads in French: title, status, sources and depth from the research part", async () => {
    await activateLocale("fr");
    server((url) => (url.endsWith("/api/research") ? json({ items: [FINISHED] }) : null));
    setup();
    const row = within(await screen.findByTestId("research-result"));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Vos recherches");
    expect(row.getByTestId("research-status")).toHaveTextContent("Terminée");
    expect(row.getByTestId("research-result-sources")).toHaveTextContent(
      "4 lues sur 6 sources trouvées",
    );
    expect(row.getByText("Rapide")).toBeInTheDocument();
    expect(row.getByRole("button", { name: /^Supprimer la recherche/ })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Rechercher dans vos recherches" })).toBeVisible();
  });
});
