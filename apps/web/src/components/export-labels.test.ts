import { EXPORT_LABELS } from "@nexus/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, t } from "@/lib/i18n/i18n.ts";

// The web project's files share one module graph: leave the interface in English.
afterEach(() => activateLocale("en"));

describe("the export menu's words", () => {
  it("are contracts' EXPORT_LABELS in English, and translated in French", async () => {
    expect([
      t("export.menu"),
      t("export.all"),
      t("export.accountData"),
      t("export.failed"),
    ]).toEqual([
      EXPORT_LABELS.menu,
      EXPORT_LABELS.exportAll,
      EXPORT_LABELS.accountData,
      EXPORT_LABELS.failed,
    ]);
    await activateLocale("fr");
    expect(t("export.all")).toBe("Tout exporter");
    expect(t("export.busy", { format: "PDF" })).toBe("Export PDF en cours…");
  });
});
