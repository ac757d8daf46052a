import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

// Fresh modules for each test: KaTeX not yet downloaded (other test files may have loaded it).
async function fresh() {
  vi.resetModules();
  const { AnswerMarkdown } = await import("./answer-markdown.tsx");
  const loader = await import("./math-loader.ts");
  return { AnswerMarkdown, ...loader };
}

beforeEach(() => {
  vi.resetModules();
});

describe("math loaded on demand", () => {
  it("only text with a dollar may have math", async () => {
    const { mightHaveMath } = await fresh();
    expect(mightHaveMath("How do share links work?")).toBe(false);
    expect(mightHaveMath("Inline $x^2$")).toBe(true);
  });

  it("an answer with math shows its TeX until KaTeX is in, then the typeset math", async () => {
    const { AnswerMarkdown } = await fresh();
    const { container } = render(
      <AnswerMarkdown markdown={"Inline $x^2$ and\n\n$$\n\\frac{a}{b}\n$$"} sources={[]} />,
    );
    expect(container.querySelector(".katex")).toBeNull();
    expect(screen.getByTestId("answer-markdown")).toHaveTextContent("x^2");
    await screen.findAllByText((_, element) => element?.classList.contains("katex") ?? false);
    expect(container.querySelectorAll(".katex").length).toBeGreaterThanOrEqual(2);
    expect(container.querySelector(".katex-display")).not.toBeNull();
  });

  it("an answer without math has no math to wait for", async () => {
    const { AnswerMarkdown } = await fresh();
    const { container } = render(<AnswerMarkdown markdown="No math: 2 < 3." sources={[]} />);
    expect(container.querySelector(".katex")).toBeNull();
    expect(screen.getByTestId("answer-markdown")).toHaveTextContent("No math: 2 < 3.");
  });
});
