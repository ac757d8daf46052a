import { MESSAGES } from "@nexus/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SecurityVerificationModal } from "./security-verification-modal.tsx";

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(onVerify = vi.fn<(email: string) => Promise<void>>(() => Promise.resolve())) {
  const onCancel = vi.fn();
  const user = userEvent.setup();
  render(<SecurityVerificationModal open onVerify={onVerify} onCancel={onCancel} />);
  return {
    user,
    onVerify,
    onCancel,
    dialog: screen.getByRole("dialog", { name: MESSAGES.verifyTitle }),
    input: screen.getByPlaceholderText(MESSAGES.verifyPlaceholder),
    verifyButton: () => screen.getByRole("button", { name: /verify/i }),
    cancelButton: screen.getByRole("button", { name: MESSAGES.cancel }),
  };
}

describe("SecurityVerificationModal", () => {
  it("shows the spec's title, prompt, placeholder and buttons", () => {
    const { dialog, verifyButton, cancelButton } = setup();
    expect(dialog).toHaveAccessibleDescription(MESSAGES.verifyPrompt);
    expect(verifyButton()).toHaveTextContent(MESSAGES.verifyButton);
    expect(cancelButton).toBeEnabled();
  });

  it("requires an address", async () => {
    const { user, onVerify, verifyButton } = setup();
    await user.click(verifyButton());
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.emailRequired);
    expect(onVerify).not.toHaveBeenCalled();
  });

  it("treats whitespace as empty and rejects a value not shaped like an address", async () => {
    const { user, input, onVerify } = setup();
    await user.type(input, "   {Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.emailRequired);
    await user.clear(input);
    await user.type(input, "ada@example{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.emailInvalid);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(onVerify).not.toHaveBeenCalled();
  });

  it("refuses display names and address lists with the spec's message", async () => {
    const { user, input, onVerify } = setup();
    for (const hostile of ["a<victim@example.com>", "ada@example.com, eve@example.com"]) {
      await user.clear(input);
      await user.type(input, `${hostile}{Enter}`);
      expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.emailInvalid);
    }
    expect(onVerify).not.toHaveBeenCalled();
  });

  it("clears the error when the user types", async () => {
    const { user, input, verifyButton } = setup();
    await user.click(verifyButton());
    expect(screen.getByRole("alert")).toBeInTheDocument();
    await user.type(input, "a");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("submits with Enter, trimmed and lower-cased", async () => {
    const { user, input, onVerify } = setup();
    await user.type(input, "  Ada.Lovelace@Example.COM  {Enter}");
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenCalledWith("ada.lovelace@example.com");
  });

  it("shows the busy label and cannot be closed or resubmitted while verifying", async () => {
    const pending = deferred();
    const { user, input, onVerify, onCancel, verifyButton, cancelButton } = setup(
      vi.fn(() => pending.promise),
    );
    await user.type(input, "ada@example.com");
    await user.click(verifyButton());

    expect(verifyButton()).toHaveTextContent(MESSAGES.verifyBusy);
    expect(verifyButton()).toBeDisabled();
    expect(cancelButton).toBeDisabled();

    await user.keyboard("{Escape}");
    await user.click(cancelButton);
    await user.type(input, "{Enter}");
    expect(onCancel).not.toHaveBeenCalled();
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("dialog", { name: MESSAGES.verifyTitle })).toBeInTheDocument();

    pending.resolve();
    expect(await screen.findByRole("button", { name: MESSAGES.verifyButton })).toBeEnabled();
  });

  it("stays open with the spec's message when verification fails", async () => {
    const { user, input, verifyButton, onCancel } = setup(
      vi.fn(() => Promise.reject(new Error("400"))),
    );
    await user.type(input, "ada@example.com{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.verificationFailed);
    expect(screen.getByRole("dialog", { name: MESSAGES.verifyTitle })).toBeInTheDocument();
    expect(verifyButton()).toHaveTextContent(MESSAGES.verifyButton);
    expect(verifyButton()).toBeEnabled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("cancels with the Cancel button or Escape when idle", async () => {
    const { user, onCancel, cancelButton } = setup();
    await user.click(cancelButton);
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
