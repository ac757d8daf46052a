import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Fresh modules for each test: the highlighter not yet downloaded (other test files may have).
async function fresh() {
  vi.resetModules();
  const { AnswerMarkdown } = await import("./answer-markdown.tsx");
  const loader = await import("./highlight-loader.ts");
  return { AnswerMarkdown, ...loader };
}

beforeEach(() => {
  vi.resetModules();
});

describe("code highlighting loaded on demand", () => {
  it("only text with a fence may have code to highlight", async () => {
    const { mightHaveCode } = await fresh();
    expect(mightHaveCode("Use `npm test` to run it.")).toBe(false);
    expect(mightHaveCode("```ts\nconst x = 1;\n```")).toBe(true);
    expect(mightHaveCode("~~~python\nprint(1)\n~~~")).toBe(true);
  });

  it("fenced code shows plain until the highlighter is in, then highlighted", async () => {
    const { AnswerMarkdown, loadHighlight } = await fresh();
    const { container } = render(
      <AnswerMarkdown markdown={"Look:\n\n```ts\nconst x: number = 1;\n```"} sources={[]} />,
    );
    const code = () => container.querySelector("pre code");
    expect(code()).not.toHaveClass("hljs");
    expect(code()).toHaveTextContent("const x: number = 1;");
    // The renderer started the download; the same download, awaited, then redraws it.
    await act(() => loadHighlight());
    expect(code()).toHaveClass("hljs");
    expect(code()?.querySelector(".hljs-keyword")).toHaveTextContent("const");
    expect(screen.getByRole("button", { name: "Copy code" })).toBeInTheDocument();
  });

  it("an answer without a fence does not download the highlighter", async () => {
    const imported = vi.fn();
    vi.doMock("./highlight-plugin.ts", () => {
      imported();
      return { rehypeHighlightSubset: () => undefined };
    });
    try {
      const { AnswerMarkdown } = await fresh();
      render(<AnswerMarkdown markdown={"No code: `inline` only."} sources={[]} />);
      expect(screen.getByTestId("answer-markdown")).toHaveTextContent("No code: inline only.");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(imported).not.toHaveBeenCalled();
    } finally {
      vi.doUnmock("./highlight-plugin.ts");
    }
  });
});
