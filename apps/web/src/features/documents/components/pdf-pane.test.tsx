import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useKeepPageInView } from "./pdf-pane.ts";

/**
 * A scrolling pane of 14 pages, each `size` px tall, laid out by hand (jsdom has no layout): a
 * page's top in the viewport is its place minus the pane's scrollTop.
 */
function paneOfPages(size: number) {
  const pane = document.createElement("div");
  let scrollTop = 0;
  Object.defineProperty(pane, "scrollTop", {
    get: () => scrollTop,
    set: (value: number) => {
      scrollTop = value;
    },
  });
  Object.defineProperty(pane, "scrollHeight", { get: () => 14 * size });
  pane.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 800 });
  for (let n = 1; n <= 14; n++) {
    const page = document.createElement("div");
    page.dataset.page = String(n);
    page.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 0, y: (n - 1) * size - scrollTop, width: 600, height: size });
    pane.append(page);
  }
  document.body.append(pane);
  return { pane, pageAtTop: () => Math.floor(scrollTop / size) + 1 };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe("useKeepPageInView", () => {
  it("brings the current page back to the top when the page width changes", () => {
    const { pane, pageAtTop } = paneOfPages(1000);
    const ref = { current: pane };
    const target = { current: null };
    const { rerender } = renderHook(
      ({ current, width }) => useKeepPageInView(ref, target, current, width),
      { initialProps: { current: 10, width: 600 } },
    );
    pane.scrollTop = 7_500; // the layout moved under the reader
    rerender({ current: 10, width: 750 });
    expect(pageAtTop()).toBe(10);
  });

  it("keeps the same page through a second change before the first has settled", () => {
    const { pane, pageAtTop } = paneOfPages(1000);
    const ref = { current: pane };
    const target = { current: null };
    const { rerender } = renderHook(
      ({ current, width }) => useKeepPageInView(ref, target, current, width),
      { initialProps: { current: 10, width: 600 } },
    );
    // The strip closes (a new width): page 10 is being kept while sizes settle…
    rerender({ current: 10, width: 700 });
    // …and the current page read meanwhile from a passing scroll position is 8; then a zoom.
    pane.scrollTop = 7_000;
    rerender({ current: 8, width: 875 });
    expect(pageAtTop()).toBe(10);
  });
});
