import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "./i18n/i18n.ts";
import { kindBadge, kindLabel } from "./kind-labels.ts";

// The web project's files share one module graph: leave the interface in English.
afterEach(() => activateLocale("en"));

describe("a kind's label and badge in the interface's language", () => {
  it("translates a kind's label and a badge that is the label, not a name", async () => {
    await activateLocale("fr");
    const research = { kind: "research", label: "Deep research", badge: "Deep research" };
    expect(kindBadge(research)).toBe("Recherche approfondie");
    expect(kindLabel(research)).toBe("Recherche approfondie");
    expect(kindLabel({ kind: "document", label: "Document chat" })).toBe(
      "Discussion sur un document",
    );
    // An agent's or a document's name is a name: as it is.
    expect(kindBadge({ kind: "agent", label: "Agent", badge: "Maya" })).toBe("Maya");
    expect(kindBadge({ kind: "answer", label: "Answer", badge: null })).toBeNull();
    await activateLocale("ar");
    expect(kindBadge(research)).toBe("بحث معمّق");
  });

  it("reads a kind it has no key for as its declaration says", async () => {
    await activateLocale("de");
    expect(kindLabel({ kind: "podcast", label: "Podcast" })).toBe("Podcast");
    expect(kindBadge({ kind: "podcast", label: "Podcast", badge: "Podcast" })).toBe("Podcast");
  });
});
