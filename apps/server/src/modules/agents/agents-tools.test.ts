import { describe, expect, it } from "vitest";
import { endWarmPython } from "../../ai/tools/run-code.ts";
import { partOf, textOf } from "../answer/answer-test-kit.ts";
import { agentUsage, chat, h, llm, pages, replies, say, useAgentChats } from "./agents-test-kit.ts";

/**
 * Agents' tools: the Python course's tutor runs a snippet through run-code (the fake model calls
 * the tool), and a chat's Tools menu switches tools off (they are not offered to the model).
 */

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

const toolNames = (index: number) =>
  ((llm.requests[index]?.body.tools ?? []) as { function?: { name?: string } }[]).map(
    (tool) => tool.function?.name,
  );

describe("tools switched off for a chat", () => {
  it("are not offered, the agent is told so, and the other tools stay", async () => {
    const { cookie } = await h.signIn("tools-off@acme.com");
    replies.push({ kind: "text", text: "Reading pages is switched off here; paste the text." });
    const { status, chunks } = await chat(h, "url-qa", cookie, {
      ...say(`What does ${pages.origin("127.0.0.6")}/tides say?`),
      toolsOff: ["read-url", "read-url"],
    });
    expect(status).toBe(200);
    expect(textOf(chunks)).toBe("Reading pages is switched off here; paste the text.");
    expect(toolNames(0)).not.toContain("read-url");
    const system = String(llm.requests[0]?.messages[0]?.content);
    expect(system).toContain("The person switched off read-url for this chat");
    expect(system).not.toMatch(/Your tools here:.*read-url/);
    expect(pages.hits).toEqual([]);

    // Without the switch, the same agent is offered the tool again.
    replies.push({ kind: "text", text: "Here is what it says." });
    await chat(h, "url-qa", cookie, say("And now?"));
    expect(toolNames(1)).toContain("read-url");
    expect(String(llm.requests[1]?.messages[0]?.content)).not.toContain("switched off");
  });

  it("refuses a tool that does not exist, before anything is charged", async () => {
    const { cookie } = await h.signIn("tools-off-bad@acme.com");
    const before = await agentUsage(h, cookie);
    const { status, text } = await chat(h, "url-qa", cookie, {
      ...say("Hello"),
      toolsOff: ["rm-rf"],
    });
    expect(status).toBe(400);
    expect(text).toContain("toolsOff");
    expect(llm.requests).toHaveLength(0);
    expect(await agentUsage(h, cookie)).toBe(before);
  });
});
