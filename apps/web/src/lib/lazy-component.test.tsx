import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyComponent } from "./lazy-component.ts";

const Hello = () => <p>Hello</p>;

describe("lazyComponent", () => {
  it("suspends while its code loads, then renders it", async () => {
    const Page = lazyComponent(async () => Hello);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeInTheDocument();
    expect(await screen.findByText("Hello")).toBeInTheDocument();
  });

  it("renders at once, without suspending, once preloaded (what hydration needs)", async () => {
    const Page = lazyComponent(async () => Hello);
    await Page.preload();
    // A synchronous render shows the component, not the fallback.
    const html = renderToString(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(html).toContain("Hello");
    expect(html).not.toContain("Loading");
  });

  it("loads once however often it is preloaded", async () => {
    let loads = 0;
    const Page = lazyComponent(async () => {
      loads += 1;
      return Hello;
    });
    await Promise.all([Page.preload(), Page.preload()]);
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <Page />
        </Suspense>,
      );
    });
    expect(screen.getByText("Hello")).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
