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
