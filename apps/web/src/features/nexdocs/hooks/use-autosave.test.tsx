import type { NexdocsDocument, NexdocsNode } from "@nexus/contracts";
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTOSAVE_DELAY_MS, useAutosave } from "./use-autosave.ts";

const DOC: NexdocsDocument = {
  id: "d1",
  title: "Harbour log",
  content: { type: "doc", content: [] },
  revision: 3,
  createdAt: "2026-12-01T00:00:00.000Z",
  updatedAt: "2026-12-01T00:00:00.000Z",
} as unknown as NexdocsDocument;

const text = (words: string): NexdocsNode =>
  ({
    type: "doc",
    content: [{ type: "paragraph", content: [{ type: "text", text: words }] }],
  }) as NexdocsNode;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("autosave", () => {
  it("reads the editor's content once per save, not on every keystroke, and saves the latest", async () => {
    vi.useFakeTimers();
    const bodies: { baseRevision: number; content: NexdocsNode }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        return new Response(JSON.stringify({ ...DOC, ...body, revision: body.baseRevision + 1 }), {
          headers: { "content-type": "application/json" },
        });
      }),
    );
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useAutosave(DOC);
    });
    let typed = "";
    const read = vi.fn(() => text(typed));
    // Twenty keystrokes, each a change whose content is only read when it is saved.
    for (const key of "the tide turned early") {
      typed += key;
      act(() => result.current.change({ content: read }));
      await act(async () => vi.advanceTimersByTimeAsync(40));
    }
    expect(read).not.toHaveBeenCalled();
    expect(result.current.status).toBe("unsaved");
    // The first keystroke made it "unsaved"; the other twenty did not render the screen again.
    expect(renders).toBe(2);
    await act(async () => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(read).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([
      expect.objectContaining({ baseRevision: 3, title: DOC.title, content: text(typed) }),
    ]);
    expect(result.current.status).toBe("saved");
    expect(result.current.revision).toBe(4);
  });

  it("serialises only when the page is idle, and a keystroke during a save is saved next", async () => {
    vi.useFakeTimers();
    // The browser's idle callbacks, run when the test says the page is idle.
    const idle: Array<() => void> = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
    vi.stubGlobal("cancelIdleCallback", () => undefined);
    const runIdle = () =>
      act(async () => {
        for (const task of idle.splice(0)) task();
      });
    const bodies: { baseRevision: number; content: NexdocsNode }[] = [];
    let answer: (() => void) | null = null;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        // The server answers when the test lets it.
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return new Response(JSON.stringify({ ...DOC, ...body, revision: body.baseRevision + 1 }), {
          headers: { "content-type": "application/json" },
        });
      }),
    );
    const { result } = renderHook(() => useAutosave(DOC));
    let typed = "";
    const serialised: string[] = [];
    const type = (keys: string) => {
      for (const key of keys) {
        typed += key;
        // Each change holds the document as it was then, serialised only when it is saved.
        const snapshot = typed;
        act(() =>
          result.current.change({
            content: () => {
              serialised.push(snapshot);
              return text(snapshot);
            },
          }),
        );
      }
    };
    type("the tide");
    await act(async () => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    // The save has started but waits for an idle moment to serialise: nothing read, nothing sent.
    expect(result.current.status).toBe("saving");
    expect(serialised).toEqual([]);
    expect(bodies).toEqual([]);
    await runIdle();
    expect(serialised).toEqual(["the tide"]);
    expect(bodies.map((b) => b.content)).toEqual([text("the tide")]);
    // Typed while that save is in flight: not lost, saved after it on its new revision.
    type(" turned");
    await act(async () => answer?.());
    expect(result.current.status).toBe("unsaved");
    await act(async () => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    await runIdle();
    expect(bodies.map((b) => [b.baseRevision, b.content])).toEqual([
      [3, text("the tide")],
      [4, text("the tide turned")],
    ]);
    await act(async () => answer?.());
    expect(serialised).toEqual(["the tide", "the tide turned"]);
    expect(result.current.status).toBe("saved");
    expect(result.current.revision).toBe(5);
  });
});
