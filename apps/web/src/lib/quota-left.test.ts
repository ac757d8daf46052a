import type { UsageSummary } from "@nexus/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { quotaLeftText } from "@/features/usage/components/quota-left-hint.tsx";
import { quotaUpFrontText } from "@/features/usage/components/quota-up-front.tsx";
import { activateLocale, t } from "./i18n/i18n.ts";
import { leftSentence } from "./quota-left.ts";

// The web project's files share one module graph: leave the interface in English.
afterEach(() => activateLocale("en"));

function usage(agentUsed: number, tier: UsageSummary["tier"] = "free"): UsageSummary {
  return {
    tier,
    period: tier === "anonymous" ? "daily" : "monthly",
    periodKey: "2026-11",
    resetsAt: "2026-12-01T00:00:00.000Z",
    counters: {
      search: { current: 98, limit: 100 },
      addFiles: { current: 0, limit: 20 },
      agentUsage: { current: agentUsed, limit: 5 },
    },
  };
}

describe("what is left of a quota, in the interface's language", () => {
  it("says it in French: the hint, the count before a start, none left", async () => {
    await activateLocale("fr");
    expect(quotaLeftText(usage(3), "agentUsage")).toBe(
      "2 discussions avec des agents restantes ce mois-ci",
    );
    expect(quotaLeftText(usage(4), "agentUsage")).toBe(
      "1 discussion avec un agent restante ce mois-ci",
    );
    expect(quotaLeftText(usage(5), "agentUsage")).toBe(
      "Plus aucune discussion avec un agent ce mois-ci",
    );
    expect(quotaLeftText(usage(0, "anonymous"), "search")).toBe(
      "2 recherches restantes aujourd’hui",
    );
    const uses = t("research.quota.uses");
    expect(quotaUpFrontText(usage(0), "agentUsage", uses)).toBe(
      "5 discussions avec des agents restantes sur 5 ce mois-ci · une recherche approfondie en utilise une",
    );
    expect(quotaUpFrontText(usage(5), "agentUsage", uses)).toBe(
      "Plus aucune discussion avec un agent ce mois-ci : une recherche approfondie en utilise une",
    );
  });

  it("keeps English's sentences in English", () => {
    expect(quotaUpFrontText(usage(1), "agentUsage", t("research.quota.uses"))).toBe(
      "4 of 5 agent chats left this month · a research run uses one",
    );
    expect(leftSentence(1, "addFiles", "monthly")).toBe("1 file upload left this month");
    expect(leftSentence(0, "search", "daily")).toBe("No searches left today");
  });

  it("says 0, 1, 2, 5, 11 and 100 left with each of Arabic's six forms, and in Japanese", async () => {
    await activateLocale("ar");
    expect([0, 1, 2, 5, 11, 100].map((n) => leftSentence(n, "agentUsage", "monthly"))).toEqual([
      "لم تتبقَّ أي محادثة مع الوكلاء هذا الشهر",
      "تبقّت محادثة واحدة مع الوكلاء هذا الشهر",
      "تبقّت محادثتان مع الوكلاء هذا الشهر",
      "تبقّت 5 محادثات مع الوكلاء هذا الشهر",
      "تبقّت 11 محادثة مع الوكلاء هذا الشهر",
      "تبقّت 100 محادثة مع الوكلاء هذا الشهر",
    ]);
    await activateLocale("ja");
    expect(leftSentence(2, "search", "daily")).toBe("今日の検索は残り 2 回");
    expect(leftSentence(0, "search", "daily")).toBe("今日の検索は残っていません");
  });
});
