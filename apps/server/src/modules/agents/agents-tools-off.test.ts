import { describe, expect, it } from "vitest";
import { textOf } from "../answer/answer-test-kit.ts";
import { agentUsage, chat, h, llm, pages, replies, say, useAgentChats } from "./agents-test-kit.ts";

/** A chat's Tools menu: the tools the person switched off are not offered to the model. */

useAgentChats();

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
