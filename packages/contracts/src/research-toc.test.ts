import { describe, expect, it } from "vitest";
import { reportToc } from "./research-toc.ts";

describe("reportToc", () => {
  it("lists the two highest heading levels outside code, counting every heading", () => {
    const toc = reportToc(
      "# Title\n\n## Summary [7]\n\n```\n# not a heading\n```\n\n### Deep\n\n#### Deeper\n\n## **Open** questions",
    );
    expect(toc).toEqual([
      { index: 0, level: 1, text: "Title" },
      { index: 1, level: 2, text: "Summary" },
      { index: 4, level: 2, text: "Open questions" },
    ]);
    expect(reportToc("No headings at all.")).toEqual([]);
  });
});
