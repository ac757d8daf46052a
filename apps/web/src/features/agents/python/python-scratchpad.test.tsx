import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AgentMarkdownProps } from "../components/agent-chat-slots.tsx";
import { PythonMarkdown } from "./python-markdown.tsx";
import { PythonScratchpad } from "./python-scratchpad.tsx";
import { PythonWorkbenchProvider } from "./python-workbench.tsx";

/** The chat's markdown renderer stand-in: the text as it is, with the heading level it was given. */
function Plain({ markdown, headingBase }: AgentMarkdownProps) {
  return (
    <div data-testid="markdown" data-heading-base={headingBase}>
      {markdown}
    </div>
  );
}

const REPLY =
  "## Lesson 1\n\nTry this:\n\n```python\nprint(sum(range(10)))\n```\n\n### Exercise\n\n```python\nprint('hi')\n```\n\nYour turn.";

function setup(markdown = REPLY, streaming = false) {
  const fillComposer = vi.fn();
  render(
    <PythonWorkbenchProvider>
      <PythonMarkdown Base={Plain} markdown={markdown} sources={[]} streaming={streaming} />
      <PythonScratchpad fillComposer={fillComposer} composerDisabled={false} />
    </PythonWorkbenchProvider>,
  );
  return { user: userEvent.setup(), fillComposer };
}

describe("the Python course's replies and scratchpad", () => {
  it("puts a Run button under each Python block, the reply drawn in parts at its own heading levels", () => {
    setup();
    const parts = screen.getAllByTestId("markdown");
    expect(parts.map((p) => p.textContent)).toEqual([
      "## Lesson 1\n\nTry this:\n\n```python\nprint(sum(range(10)))\n```",
      "\n### Exercise\n\n```python\nprint('hi')\n```",
      "\nYour turn.",
    ]);
    expect(parts.map((p) => p.dataset.headingBase)).toEqual(["2", "3", "2"]);
    const buttons = screen.getAllByRole("button", {
      name: /^Run block \d in the Python scratchpad$/,
    });
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toHaveTextContent("Run block 1");
    expect(buttons[0]).toHaveAttribute("title", "print(sum(range(10)))");
  });

  it("draws a streaming reply, or one without Python, as the plain renderer", () => {
    setup(REPLY, true);
    expect(screen.getAllByTestId("markdown")).toHaveLength(1);
    expect(screen.queryByTestId("python-run-block")).toBeNull();
  });

  it("runs a block in the scratchpad; without workers it says why Python cannot run", async () => {
    const { user } = setup("```python\nprint(1)\n```");
    await user.click(screen.getByRole("button", { name: "Run in the Python scratchpad" }));
    const pad = screen.getByTestId("python-scratchpad");
    expect(within(pad).getByRole("textbox", { name: "Python code" })).toHaveValue("print(1)");
    // jsdom has WebAssembly but no Worker: the real check, not a stand-in.
    expect(await within(pad).findByRole("alert")).toHaveTextContent(
      /^Python cannot run in this browser: it does not support web workers/,
    );
    // Nothing ran: nothing to send to the tutor.
    expect(within(pad).getByRole("button", { name: "Send to tutor" })).toBeDisabled();
  });

  it("runs a block clicked before the scratchpad was there, once: a scratchpad mounted later does not run it again", async () => {
    const fillComposer = vi.fn();
    const view = (pad: boolean) => (
      <PythonWorkbenchProvider>
        <PythonMarkdown Base={Plain} markdown={"```python\nprint(2)\n```"} sources={[]} />
        {pad ? <PythonScratchpad fillComposer={fillComposer} composerDisabled={false} /> : null}
      </PythonWorkbenchProvider>
    );
    const { rerender } = render(view(false));
    await userEvent
      .setup()
      .click(screen.getByRole("button", { name: "Run in the Python scratchpad" }));
    rerender(view(true));
    expect(await screen.findByRole("alert")).toHaveTextContent("web workers");
    rerender(view(false));
    rerender(view(true));
    expect(screen.getByRole("textbox", { name: "Python code" })).toHaveValue("print(2)");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("runs with Ctrl+Enter, folds away, and keeps its code", async () => {
    const { user } = setup("No code here.");
    const pad = screen.getByTestId("python-scratchpad");
    const box = within(pad).getByRole("textbox", { name: "Python code" });
    await user.clear(box);
    expect(within(pad).getByRole("button", { name: "Run" })).toBeDisabled();
    await user.type(box, "x = 2");
    await user.keyboard("{Control>}{Enter}{/Control}");
    expect(await within(pad).findByRole("alert")).toHaveTextContent("web workers");
    await user.click(within(pad).getByRole("button", { name: "Hide" }));
    expect(box).not.toBeVisible();
    await user.click(within(pad).getByRole("button", { name: "Show" }));
    expect(box).toHaveValue("x = 2");
  });
});
