import { describe, expect, it } from "vitest";
import { endWarmPython } from "../../ai/tools/run-code.ts";
import { partOf, textOf } from "../answer/answer-test-kit.ts";
import { chat, h, llm, replies, say, useAgentChats } from "./agents-test-kit.ts";

/** The Python course's tutor runs a snippet through run-code (the fake model calls the tool). */

useAgentChats();

describe("the Interactive Python Course's tutor", () => {
  it("runs a Python snippet in the sandbox and gets its real output back", async () => {
    const { cookie } = await h.signIn("agents-python@acme.com");
    const code = "squares = [n * n for n in range(1, 4)]\nprint(sum([1, 2, 3]))\nsquares";
    replies.push(
      {
        kind: "tool-calls",
        calls: [{ name: "run-code", arguments: { language: "python", code } }],
      },
      { kind: "text", text: "It printed 6, and the squares are [1, 4, 9]." },
    );
    try {
      const { status, chunks } = await chat(
        h,
        "interactive-python-course",
        cookie,
        say("Check my list comprehension, please."),
      );
      expect(status).toBe(200);
      expect(partOf(chunks, "tool-input-available")).toMatchObject({
        toolName: "run-code",
        input: { language: "python", code },
      });
      expect(partOf(chunks, "tool-output-available")?.output).toMatchObject({
        ok: true,
        stdout: "6\n",
        result: "[1, 4, 9]",
        error: null,
      });
      expect(textOf(chunks)).toBe("It printed 6, and the squares are [1, 4, 9].");
      // The model was given the run-code tool, said to run Python, and got the real output.
      const tools = JSON.stringify(llm.requests[0]?.body.tools ?? []);
      expect(tools).toContain("run-code");
      expect(tools).toContain("python");
      const toolMessage = llm.requests[1]?.messages.find((m) => m.role === "tool");
      expect(JSON.stringify(toolMessage?.content)).toContain("[1, 4, 9]");
    } finally {
      endWarmPython();
    }
  }, 180_000);
});
