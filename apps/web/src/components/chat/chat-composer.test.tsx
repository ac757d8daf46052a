import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { ChatComposer, type ComposerAttach, type ComposerDraft } from "./chat-composer.tsx";

function setup(
  props: {
    busy?: boolean;
    disabled?: boolean;
    queueWhileBusy?: boolean;
    submitLabel?: string;
    attach?: ComposerAttach;
  } = {},
) {
  const onSend = vi.fn();
  const onStop = vi.fn();
  const draftRef = createRef<ComposerDraft>();
  const view = render(
    <ChatComposer
      label="Message Writer"
      placeholder="Message Writer…"
      busy={props.busy ?? false}
      disabled={props.disabled ?? false}
      queueWhileBusy={props.queueWhileBusy}
      submitLabel={props.submitLabel}
      attach={props.attach}
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

  it("with queueWhileBusy, a message typed while a reply streams is still sent; Stop stays offered", async () => {
    const { onSend, onStop, box, user } = setup({ busy: true, queueWhileBusy: true });
    expect(screen.queryByRole("button", { name: "Send" })).not.toBeInTheDocument();
    await user.type(box, "  the next question  {Enter}");
    expect(onSend).toHaveBeenCalledExactlyOnceWith("the next question");
    expect(box).toHaveValue("");
    // Blank text is still never sent.
    await user.type(box, "   {Enter}");
    expect(onSend).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it("the send button takes the given name", async () => {
    const { onSend, box, user } = setup({ submitLabel: "Ask" });
    expect(screen.queryByRole("button", { name: "Send" })).not.toBeInTheDocument();
    await user.type(box, "a follow-up");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith("a follow-up");
  });

  it("attachments: chips above the text, the paperclip beside Send; dropped and pasted files are handed over", () => {
    const onFiles = vi.fn();
    const { box } = setup({
      attach: {
        header: <ul aria-label="Attached files" />,
        tools: <button type="button">Attach files</button>,
        onFiles,
      },
    });
    const form = box.closest("form");
    if (!form) throw new Error("no form");
    const chips = screen.getByRole("list", { name: "Attached files" });
    expect(form).toContainElement(chips);
    expect(chips.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("button", { name: "Attach files" })).toBeInTheDocument();

    const dropped = new File(["# Notes"], "notes.md", { type: "text/markdown" });
    fireEvent.dragOver(form, { dataTransfer: { files: [dropped], types: ["Files"] } });
    expect(form).toHaveAttribute("data-dragging");
    fireEvent.drop(form, { dataTransfer: { files: [dropped], types: ["Files"] } });
    expect(form).not.toHaveAttribute("data-dragging");
    expect(onFiles).toHaveBeenLastCalledWith([dropped]);
    const pasted = new File(["x"], "pasted.txt", { type: "text/plain" });
    fireEvent.paste(box, { clipboardData: { files: [pasted], getData: () => "" } });
    expect(onFiles).toHaveBeenLastCalledWith([pasted]);
    expect(onFiles).toHaveBeenCalledTimes(2);
    expect(box).toHaveValue("");
  });

  it("while files are on their way: the send button says so and nothing is sent", async () => {
    const { onSend, box, user } = setup({
      attach: { onFiles: vi.fn(), waitingLabel: "Waiting for files…" },
    });
    await user.type(box, "What is in the notes?{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue("What is in the notes?");
    expect(screen.getByRole("button", { name: "Waiting for files…" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Send" })).not.toBeInTheDocument();
  });

  it("without attachments, a dropped file is not taken", () => {
    const { box } = setup();
    const form = box.closest("form");
    if (!form) throw new Error("no form");
    const drop = fireEvent.drop(form, {
      dataTransfer: { files: [new File(["x"], "x.txt")], types: ["Files"] },
    });
    // Not prevented: the browser handles it as it would anywhere else.
    expect(drop).toBe(true);
    expect(form).not.toHaveAttribute("data-dragging");
  });
});
