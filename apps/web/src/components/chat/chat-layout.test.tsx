import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatMessageList, StoppedNote, TurnSkeleton } from "./chat-layout.tsx";

const originalScroll = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = originalScroll;
});

describe("ChatMessageList", () => {
  it("with a scroll key, brings the end into view when a message is added (not before the first)", () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const { rerender } = render(
      <ChatMessageList scrollKey={0} testId="list">
        <p>none yet</p>
      </ChatMessageList>,
    );
    expect(scroll).not.toHaveBeenCalled();
    rerender(
      <ChatMessageList scrollKey={1} testId="list">
        <p>one</p>
      </ChatMessageList>,
    );
    expect(scroll).toHaveBeenCalledExactlyOnceWith({ block: "end" });
    rerender(
      <ChatMessageList scrollKey={1} testId="list">
        <p>one, streaming on</p>
      </ChatMessageList>,
    );
    expect(scroll).toHaveBeenCalledOnce();
  });

  it("without one, adds nothing after the turns (the page keeps its scroll)", () => {
    render(
      <ChatMessageList testId="list" className="gap-10">
        <p>turn</p>
      </ChatMessageList>,
    );
    const list = screen.getByTestId("list");
    expect(list.children).toHaveLength(1);
    expect(list).toHaveClass("gap-10");
  });
});

describe("TurnSkeleton and StoppedNote", () => {
  it("the skeleton is hidden from assistive technology, one line per width", () => {
    render(<TurnSkeleton testId="pending" lines={["w-full", "w-3/4"]} />);
    const skeleton = screen.getByTestId("pending");
    expect(skeleton).toHaveAttribute("aria-hidden", "true");
    expect(skeleton.children).toHaveLength(2);
  });

  it("says Stopped, or the reason given, with its action", () => {
    render(
      <>
        <StoppedNote testId="stopped" action={<button type="button">Regenerate</button>} />
        <StoppedNote testId="unfinished">This answer was not finished.</StoppedNote>
      </>,
    );
    expect(screen.getByTestId("stopped")).toHaveTextContent("StoppedRegenerate");
    expect(screen.getByTestId("unfinished")).toHaveTextContent("This answer was not finished.");
  });
});
