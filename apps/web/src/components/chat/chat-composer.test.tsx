import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { ChatComposer, type ComposerDraft } from "./chat-composer.tsx";

function setup(props: { busy?: boolean; disabled?: boolean } = {}) {
  const onSend = vi.fn();
  const onStop = vi.fn();
  const draftRef = createRef<ComposerDraft>();
  const view = render(
    <ChatComposer
      label="Message Writer"
      placeholder="Message Writer…"
      busy={props.busy ?? false}
      disabled={props.disabled ?? false}
      draftRef={draftRef}
      onSend={onSend}
      onStop={onStop}
    />,
  );
  const box = screen.getByRole("textbox", { name: "Message Writer" });
  return { onSend, onStop, draftRef, box, user: userEvent.setup(), ...view };
}

describe("ChatComposer", () => {
  it("Enter sends the trimmed text and empties the box; Shift+Enter adds a line", async () => {
    const { onSend, box, user } = setup();
    await user.type(box, "  first line{Shift>}{Enter}{/Shift}second  ");
    expect(box).toHaveValue("  first line\nsecond  ");
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    expect(onSend).toHaveBeenCalledExactlyOnceWith("first line\nsecond");
    expect(box).toHaveValue("");
  });

  it("the Send button sends; blank text is never sent and leaves Send disabled", async () => {
    const { onSend, box, user } = setup();
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    await user.type(box, "   ");
    await user.keyboard("{Enter}");
    expect(send).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, "hello");
    await user.click(send);
    expect(onSend).toHaveBeenCalledExactlyOnceWith("hello");
  });

  it("an Enter that ends an IME composition does not send", () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "日本" } });
    fireEvent.keyDown(box, { key: "Enter", isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue("日本");
  });

  it("while a reply streams: Stop instead of Send, which stops; Enter keeps the text", async () => {
    const { onSend, onStop, box, user } = setup({ busy: true });
    expect(screen.queryByRole("button", { name: "Send" })).not.toBeInTheDocument();
    await user.type(box, "next question{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue("next question");
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it("disabled: no typing, no sending", () => {
    const { onSend, box } = setup({ disabled: true });
    expect(box).toBeDisabled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
  });

  it("a draft from elsewhere replaces the text and focuses the box", async () => {
    const { draftRef, box, user, onSend } = setup();
    await user.type(box, "typed");
    draftRef.current?.("print('hi')");
    expect(await screen.findByDisplayValue("print('hi')")).toBe(box);
    expect(box).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onSend).toHaveBeenCalledExactlyOnceWith("print('hi')");
  });
});
