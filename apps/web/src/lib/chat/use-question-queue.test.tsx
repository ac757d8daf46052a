import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type PendingQuestion, useQuestionQueue } from "./use-question-queue.ts";

function setup() {
  const send = vi.fn<(question: PendingQuestion) => void>();
  const hook = renderHook(({ busy }) => useQuestionQueue({ busy, send }), {
    initialProps: { busy: true },
  });
  return { send, hook };
}

describe("useQuestionQueue (a question typed while a reply streams)", () => {
  it("holds the question while the reply runs and sends it once when it ends", () => {
    const { send, hook } = setup();
    act(() => hook.result.current.enqueue({ text: "And in winter?", attachments: [] }));
    expect(hook.result.current.queued?.text).toBe("And in winter?");
    expect(send).not.toHaveBeenCalled();

    hook.rerender({ busy: false });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ text: "And in winter?", attachments: [] });
    expect(hook.result.current.queued).toBeNull();

    // Its own reply running and ending sends nothing more.
    hook.rerender({ busy: true });
    hook.rerender({ busy: false });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends only the last of two queued questions", () => {
    const { send, hook } = setup();
    act(() => hook.result.current.enqueue({ text: "first", attachments: [] }));
    act(() => hook.result.current.enqueue({ text: "second", attachments: [] }));
    hook.rerender({ busy: false });
    expect(send.mock.calls.map(([question]) => question.text)).toEqual(["second"]);
  });

  it("sends nothing once cancelled", () => {
    const { send, hook } = setup();
    act(() => hook.result.current.enqueue({ text: "never mind", attachments: [] }));
    act(() => hook.result.current.cancel());
    hook.rerender({ busy: false });
    expect(send).not.toHaveBeenCalled();
    expect(hook.result.current.queued).toBeNull();
  });
});
