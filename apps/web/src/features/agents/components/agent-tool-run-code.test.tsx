import type { RunCodeToolOutput } from "@nexus/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import type { ToolPartLike } from "./agent-tool-part.tsx";
import { RunCodeToolPart } from "./agent-tool-run-code.tsx";

const CODE =
  "const total = [1, 2, 3].reduce((a, b) => a + b, 0);\nconsole.log('sum', total);\ntotal * 2";

function renderRun(part: Omit<ToolPartLike, "type">, running = true) {
  render(
    <RunCodeToolPart
      part={{ toolCallId: "call-1", ...part, type: "tool-run-code" } as ToolPartLike}
      running={running}
    />,
  );
  return screen.getByTestId("agent-tool");
}

const output = (fields: Partial<RunCodeToolOutput>): RunCodeToolOutput => ({
  ok: true,
  stdout: "",
  result: null,
  error: null,
  durationMs: 12,
  truncated: false,
  ...fields,
});

describe("RunCodeToolPart", () => {
  it("says it runs code while the input streams and while the call runs", () => {
    const row = renderRun({ state: "input-streaming", input: { code: "1 +" } });
    expect(row).toHaveTextContent("Running code…");
    expect(row.querySelector("svg.motion-safe\\:animate-spin")).not.toBeNull();
  });

  it("runs with its whole input", () => {
    expect(renderRun({ state: "input-available", input: { code: CODE } })).toHaveTextContent(
      "Running code…",
    );
  });

  it("says the call did not finish when the reply ended without it", () => {
    const row = renderRun({ state: "input-available", input: { code: CODE } }, false);
    expect(row).toHaveTextContent("Did not finish running the code");
    expect(row.querySelector("svg.motion-safe\\:animate-spin")).toBeNull();
  });

  it("names the language of a call that gave one", () => {
    const row = renderRun(
      {
        state: "output-available",
        input: { code: "print(sum([1, 2, 3]))", language: "python" },
        output: output({ stdout: "6\n", durationMs: 40 }),
      },
      false,
    );
    expect(row).toHaveTextContent("Ran code · Python · 40 ms");
    expect(screen.getByTestId("run-code-stdout")).toHaveTextContent("6");
  });

  it("shows what was printed and the result, the code behind a disclosure", async () => {
    const user = userEvent.setup();
    const row = renderRun(
      {
        state: "output-available",
        input: { code: CODE },
        output: output({ stdout: "sum 6\n", result: "12", durationMs: 8 }),
      },
      false,
    );
    expect(row).toHaveTextContent("Ran code · 8 ms");
    expect(screen.getByTestId("run-code-stdout")).toHaveTextContent("sum 6");
    expect(screen.getByTestId("run-code-result")).toHaveTextContent("→ Result: 12");
    expect(screen.queryByTestId("run-code-error")).toBeNull();
    const details = row.querySelector("details");
    expect(details).not.toHaveAttribute("open");
    await user.click(screen.getByText(/Ran code/));
    expect(details).toHaveAttribute("open");
    const source = screen.getByTestId("run-code-source");
    expect(source.textContent).toBe(CODE);
    expect(source).toHaveClass("font-mono", "overflow-x-auto");
  });

  it("says when a run printed nothing and returned nothing", () => {
    const row = renderRun({
      state: "output-available",
      input: { code: "let x = 1" },
      output: output({ durationMs: 1500 }),
    });
    expect(row).toHaveTextContent("Ran code · 1.5 s");
    expect(row).toHaveTextContent("No output.");
  });

  it("shows a code error in a warning tone, with what was printed before it", () => {
    const row = renderRun({
      state: "output-available",
      input: { code: "console.log('before');\n\nnull.foo" },
      output: output({
        ok: false,
        stdout: "before\n",
        error: "TypeError: cannot read property 'foo' of null (line 3)",
      }),
    });
    expect(row).toHaveTextContent("The code failed");
    expect(screen.getByTestId("run-code-stdout")).toHaveTextContent("before");
    const error = screen.getByTestId("run-code-error");
    expect(error).toHaveTextContent("TypeError: cannot read property 'foo' of null (line 3)");
    expect(error).toHaveClass("bg-warning-soft");
    expect(screen.queryByTestId("run-code-result")).toBeNull();
  });

  it("says a run was stopped for time or memory", () => {
    const row = renderRun({
      state: "output-available",
      input: { code: "while (true) {}" },
      output: output({
        ok: false,
        error: "Stopped: the code ran longer than 3 seconds.",
        durationMs: 3004,
      }),
    });
    expect(row).toHaveTextContent("Stopped the code · 3.0 s");
    expect(screen.getByTestId("run-code-error")).toHaveTextContent(
      "Stopped: the code ran longer than 3 seconds.",
    );
    expect(row).not.toHaveTextContent("No output.");
  });

  it("says when the output was cut", () => {
    const row = renderRun({
      state: "output-available",
      input: { code: "for (;;) console.log('x')" },
      output: output({ stdout: "x\nx\n… output cut", truncated: true }),
    });
    expect(screen.getByTestId("run-code-stdout")).toHaveTextContent("… output cut");
    expect(row).toHaveTextContent("only its beginning is shown");
  });

  it("shows a failed call's error in a warning row", () => {
    const row = renderRun({
      state: "output-error",
      input: { code: "1" },
      errorText: "The code sandbox could not start.",
    });
    expect(row).toHaveTextContent("The code sandbox could not start.");
    expect(row).toHaveClass("bg-warning-soft");
    expect(renderRunAgain({ state: "output-error", errorText: " " })).toHaveTextContent(
      "The code could not be run.",
    );
  });

  it("says the sandbox was busy when the run was refused for want of a slot", () => {
    const row = renderRun(
      {
        state: "output-available",
        input: { code: CODE },
        output: output({
          ok: false,
          busy: true,
          error: "Not run: the code sandbox is busy with other runs. Try again shortly.",
          durationMs: 0,
        }),
      },
      false,
    );
    expect(row).toHaveTextContent(
      "The code sandbox was busy, so the code did not run. Try again shortly.",
    );
    expect(row).toHaveClass("bg-warning-soft");
    expect(screen.queryByText(/Stopped the code|The code failed/)).toBeNull();
  });

  it("copes with an output of the wrong shape", () => {
    const row = renderRun({ state: "output-available", output: { stdout: 5, ok: "yes" } });
    expect(row).toHaveTextContent("The code failed");
    expect(screen.getByTestId("run-code-error")).toHaveTextContent("The code failed.");
  });
});

function renderRunAgain(part: Omit<ToolPartLike, "type">) {
  const { container } = render(
    <RunCodeToolPart part={{ ...part, type: "tool-run-code" } as ToolPartLike} running />,
  );
  return container.querySelector('[data-testid="agent-tool"]');
}

describe("RunCodeToolPart in French", () => {
  afterEach(() => activateLocale("en"));

  it("says what ran and how long it took in French, its numbers the French way", async () => {
    await activateLocale("fr");
    const row = renderRun(
      {
        state: "output-available",
        input: { code: CODE, language: "python" },
        output: output({ durationMs: 1500 }),
      },
      false,
    );
    expect(row).toHaveTextContent("Code exécuté · Python · 1,5 s");
    expect(row).toHaveTextContent("Aucune sortie.");
    expect(row).not.toHaveTextContent("Ran code");
  });
});
