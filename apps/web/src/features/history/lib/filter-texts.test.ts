import { HISTORY_FILTERS, type HistoryFilter } from "@nexus/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, t } from "@/lib/i18n/i18n.ts";
import { FILTER_TEXTS } from "./filter-texts.ts";

// The web project's files share one module graph: leave the interface in English.
afterEach(() => activateLocale("en"));

describe("the history filters' texts", () => {
  it("are the kinds' declared English in English, and translated in French", async () => {
    for (const [filter, texts] of Object.entries(HISTORY_FILTERS)) {
      const keys = FILTER_TEXTS[filter as HistoryFilter];
      expect([t(keys.label), t(keys.empty), t(keys.hint), t(keys.action)]).toEqual([
        texts.label,
        texts.empty,
        texts.hint,
        texts.action,
      ]);
    }
    await activateLocale("fr");
    expect(t(FILTER_TEXTS.agent.empty)).toBe("Aucune conversation avec un agent pour l’instant");
  });
});
