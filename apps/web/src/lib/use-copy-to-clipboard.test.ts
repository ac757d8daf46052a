import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCopyToClipboard } from "./use-copy-to-clipboard.ts";

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
});

describe("useCopyToClipboard", () => {
  it("writes the text, says copied, and stops saying it after the delay", async () => {
    vi.useFakeTimers();
    const written: string[] = [];
    stubClipboard(async (text) => {
      written.push(text);
    });
    const { result } = renderHook(() => useCopyToClipboard(1500));
    let ok = false;
    await act(async () => {
      ok = await result.current.copy("hello");
    });
    expect(ok).toBe(true);
    expect(written).toEqual(["hello"]);
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1499));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it("resolves false and does not say copied when the browser refuses", async () => {
    stubClipboard(async () => {
      throw new DOMException("denied", "NotAllowedError");
    });
    const { result } = renderHook(() => useCopyToClipboard());
    let ok = true;
    await act(async () => {
      ok = await result.current.copy("secret");
    });
    expect(ok).toBe(false);
    expect(result.current.copied).toBe(false);
  });

  it("resolves false without a clipboard (insecure origin)", async () => {
    const { result } = renderHook(() => useCopyToClipboard());
    let ok = true;
    await act(async () => {
      ok = await result.current.copy("x");
    });
    expect(ok).toBe(false);
  });
});

describe("useCopyToClipboard with rich content", () => {
  it("writes plain text and HTML as one clipboard item", async () => {
    const written: Record<string, string>[] = [];
    class FakeItem {
      constructor(readonly items: Record<string, Blob>) {}
      static supports = () => false;
    }
    vi.stubGlobal("ClipboardItem", FakeItem);
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: {
        writeText: async () => {
          throw new Error("not this one");
        },
        write: async (items: FakeItem[]) => {
          for (const item of items) {
            const entry: Record<string, string> = {};
            for (const [type, blob] of Object.entries(item.items)) entry[type] = await blob.text();
            written.push(entry);
          }
        },
      },
    });
    const { result } = renderHook(() => useCopyToClipboard());
    await act(async () => {
      await result.current.copy({ plain: "a [1]", html: "<p>a</p>", markdown: "a" });
    });
    expect(written).toEqual([{ "text/plain": "a [1]", "text/html": "<p>a</p>" }]);
    expect(result.current.copied).toBe(true);
    vi.unstubAllGlobals();
  });

  it("falls back to the plain text when rich content is refused", async () => {
    const written: string[] = [];
    vi.stubGlobal(
      "ClipboardItem",
      class {
        constructor(readonly items: Record<string, Blob>) {}
      },
    );
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          written.push(text);
        },
        write: async () => {
          throw new DOMException("type not supported", "NotAllowedError");
        },
      },
    });
    const { result } = renderHook(() => useCopyToClipboard());
    await act(async () => {
      await result.current.copy({ plain: "plain", html: "<p>rich</p>" });
    });
    expect(written).toEqual(["plain"]);
    vi.unstubAllGlobals();
  });
});
