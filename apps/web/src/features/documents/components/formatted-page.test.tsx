import type { SafeNode } from "@nexus/contracts";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { safeElement } from "./formatted-page.tsx";

/** The formatted view: a citation marks its own characters inside the blocks it covers. */
describe("safeElement", () => {
  const nodes: SafeNode[] = [
    { tag: "h1", s: 0, e: 5, children: ["Title"] },
    {
      tag: "p",
      s: 7,
      e: 38,
      children: ["A  tachyon ", { tag: "em", children: ["walks"] }, " into a bar. Fin."],
    },
  ];
  const page = "Title\n\nA tachyon walks into a bar. Fin.";

  it("marks exactly the cited characters, across inline elements", () => {
    const start = page.indexOf("tachyon");
    const end = page.indexOf(" Fin.");
    const { container } = render(
      <div>{nodes.map((n, i) => safeElement(n, i, [{ page: 1, start, end }]))}</div>,
    );
    const marks = [...container.querySelectorAll("mark.doc-highlight")].map((m) => m.textContent);
    expect(marks.join("")).toBe("tachyon walks into a bar.");
    expect(container.querySelector("h1 mark")).toBeNull();
    expect(container.querySelector("em")?.textContent).toBe("walks");
  });

  it("builds only allowlisted elements, whatever a node claims", () => {
    const hostile = { tag: "script", children: ["alert(1)"] } as unknown as SafeNode;
    const { container } = render(<div>{safeElement(hostile, 0, [])}</div>);
    expect(container.innerHTML).toBe("<div></div>");
  });

  it("lets each text block take its own direction, and indents lists from the start", () => {
    const mixed: SafeNode[] = [
      { tag: "p", children: ["مرحبا بالعالم"] },
      { tag: "ul", children: [{ tag: "li", children: ["English item"] }] },
      { tag: "pre", children: ["const a = 1;"] },
    ];
    const { container } = render(<div>{mixed.map((n, i) => safeElement(n, i, []))}</div>);
    expect(container.querySelector("p")?.getAttribute("dir")).toBe("auto");
    expect(container.querySelector("li")?.getAttribute("dir")).toBe("auto");
    expect(container.querySelector("pre")?.hasAttribute("dir")).toBe(false);
    expect(container.querySelector("ul")?.className).toContain("ps-6");
  });
});
