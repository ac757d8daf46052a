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
    const { result } = renderHook(() => useAutosave(DOC));
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
    await act(async () => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(read).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([
      expect.objectContaining({ baseRevision: 3, title: DOC.title, content: text(typed) }),
    ]);
    expect(result.current.status).toBe("saved");
    expect(result.current.revision).toBe(4);
  });
});
