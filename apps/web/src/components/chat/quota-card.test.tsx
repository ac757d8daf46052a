import type { QuotaExceededDetails } from "@nexus/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { parseQuotaDetails } from "@/lib/quota-details.ts";
import { QuotaCard } from "./quota-card.tsx";

const base: Omit<QuotaExceededDetails, "counter"> = {
  limit: 5,
  current: 5,
  tier: "free",
  resetsAt: "2026-12-01T00:00:00.000Z",
  upgrade: "plans",
};

function show(quota: QuotaExceededDetails) {
  cleanup();
  render(
    <MemoryRouter>
      <QuotaCard quota={quota} onSignIn={undefined} />
    </MemoryRouter>,
  );
  return screen.getByTestId("quota-limit");
}

describe("QuotaCard", { timeout: 20_000 }, () => {
  // The web project's files share one module graph: leave the interface in English.
  afterEach(() => activateLocale("en"));

  it("names agent chats when they ran out, and says follow-ups do not count", () => {
    const card = show({ ...base, counter: "agentUsage" });
    expect(card).toHaveTextContent("You've used all 5 agent chats for this month");
    expect(card).toHaveTextContent("5/5 agent chats used.");
    expect(card).toHaveTextContent("Follow-ups in a conversation you already started do not count");
    expect(card).not.toHaveTextContent("searches");
    expect(screen.getByRole("link", { name: "See plans for more agent chats" })).toBeVisible();
  });

  it("names searches and file uploads, without the follow-up note", () => {
    const card = show({ ...base, limit: 300, current: 300, counter: "search" });
    expect(card).toHaveTextContent("You've used all 300 searches for this month");
    expect(card).not.toHaveTextContent("Follow-ups");
    expect(show({ ...base, counter: "addFiles" })).toHaveTextContent(
      "You've used all 5 file uploads for this month",
    );
  });

  it("reads the counter from a 429 body (searches from a server that names none)", () => {
    expect(parseQuotaDetails({ ...base, counter: "agentUsage" })?.counter).toBe("agentUsage");
    expect(parseQuotaDetails(base)?.counter).toBe("search");
  });

  it("reads in French: the counter named, the reset date in French, the way up", async () => {
    await activateLocale("fr");
    const card = show({ ...base, counter: "search" });
    expect(card).toHaveTextContent("Vous avez utilisé vos 5 recherches de ce mois-ci");
    expect(card).toHaveTextContent("5/5 recherches utilisées.");
    expect(card).toHaveTextContent(/Vos recherches sont réinitialisées le \d+ déc\. 2026/);
    expect(
      screen.getByRole("link", { name: "Voir les offres pour plus de recherches" }),
    ).toBeVisible();
  });
});
