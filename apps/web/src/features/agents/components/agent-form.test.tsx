import type { AgentFormField } from "@nexus/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AgentForm, formMessage } from "./agent-form.tsx";

const FIELDS: AgentFormField[] = [
  { name: "received", label: "The e-mail you received", type: "textarea", required: true },
  { name: "tone", label: "Tone", type: "select", required: true, options: ["Friendly", "Formal"] },
  { name: "signature", label: "Sign as", type: "text" },
];

describe("AgentForm", () => {
  it("sends the filled fields as one labelled message, skipping empty optional ones", async () => {
    const onSubmit = vi.fn();
    render(<AgentForm fields={FIELDS} disabled={false} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("The e-mail you received"), "Can we meet on Friday?");
    await user.selectOptions(screen.getByLabelText("Tone"), "Formal");
    await user.click(screen.getByRole("button", { name: "Write the draft" }));
    expect(onSubmit).toHaveBeenCalledWith(
      "The e-mail you received:\nCan we meet on Friday?\n\nTone:\nFormal",
    );
  });

  it("does not send while a required field is empty", async () => {
    const onSubmit = vi.fn();
    render(<AgentForm fields={FIELDS} disabled={false} onSubmit={onSubmit} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Write the draft" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText("The e-mail you received")).toBeInvalid();
  });

  it("is disabled when the agent cannot run", () => {
    render(<AgentForm fields={FIELDS} disabled={true} onSubmit={vi.fn()} />);
    expect(screen.getByRole("button", { name: "Write the draft" })).toBeDisabled();
    expect(screen.getByLabelText("Tone")).toBeDisabled();
  });

  it("formMessage trims values and keeps the fields' order", () => {
    expect(formMessage(FIELDS, { signature: " Ada ", received: "Hi" })).toBe(
      "The e-mail you received:\nHi\n\nSign as:\nAda",
    );
  });
});
