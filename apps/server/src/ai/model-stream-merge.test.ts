import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeltaMerger, mergeModelDeltas } from "./model-stream-merge.ts";

const WINDOW = 30;

const event = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({
    id: "c1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta, finish_reason: null }],
    ...extra,
  })}\n\n`;
const text = (content: string) => event({ content });

/** The events written so far, each parsed when it is JSON. */
function parsed(out: string[]): unknown[] {
  return out
    .join("")
    .split("\n\n")
    .filter((block) => block !== "")
    .map((block) => {
      const data = block.startsWith("data: ") ? block.slice(6) : block;
      try {
        return JSON.parse(data);
      } catch {
        return block;
      }
    });
}
const contents = (out: string[]) =>
  parsed(out).map((e) =>
    typeof e === "object" && e !== null && "choices" in e
      ? (e as { choices: { delta: Record<string, unknown> }[] }).choices[0]?.delta
      : e,
  );

describe("DeltaMerger", () => {
  let out: string[];
  let merger: DeltaMerger;
  beforeEach(() => {
    vi.useFakeTimers();
    out = [];
    merger = new DeltaMerger((t) => out.push(t), WINDOW);
  });
  afterEach(() => vi.useRealTimers());

  it("sends the first delta at once and the ones inside its window together when it ends", () => {
    merger.push(text("Nexus "));
    expect(contents(out)).toEqual([{ content: "Nexus " }]);
    merger.push(text("is "));
    merger.push(text("an "));
    vi.advanceTimersByTime(WINDOW - 1);
    expect(out).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(contents(out)).toEqual([{ content: "Nexus " }, { content: "is an " }]);
    // The merged event is the first one held, with the texts joined.
    expect(parsed(out)[1]).toMatchObject({ id: "c1", model: "m", object: "chat.completion.chunk" });
    // A window that sent something opens the next one...
    merger.push(text("answer "));
    expect(out).toHaveLength(2);
    vi.advanceTimersByTime(WINDOW);
    expect(contents(out).at(-1)).toEqual({ content: "answer " });
    // ...and one that ends with nothing held closes: the next delta goes at once.
    vi.advanceTimersByTime(WINDOW);
    merger.push(text("engine."));
    expect(contents(out).at(-1)).toEqual({ content: "engine." });
  });

  it("passes everything else on as it came, after what is held, in order", () => {
    const role = event({ role: "assistant", content: "" });
    const toolCall = event({
      tool_calls: [{ index: 0, id: "t1", function: { name: "search", arguments: "{}" } }],
    });
    const finish = `data: ${JSON.stringify({ id: "c1", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`;
    const usage = event({ content: "x" }, { usage: { prompt_tokens: 1 } });
    merger.push(role);
    merger.push(text("a"));
    merger.push(text("b"));
    merger.push(text("c"));
    merger.push(toolCall);
    merger.push(text("d"));
    merger.push(text("e"));
    merger.push(": keep-alive\n\n");
    merger.push("data: not json\n\n");
    merger.push(usage);
    merger.push(finish);
    merger.push("event: ping\ndata: {}\n\n");
    merger.push("data: [DONE]\n\n");
    const expected = [
      role,
      text("a"),
      text("bc"),
      toolCall,
      text("de"),
      ": keep-alive\n\n",
      "data: not json\n\n",
      usage,
      finish,
      "event: ping\ndata: {}\n\n",
      "data: [DONE]\n\n",
    ];
    expect(parsed(out)).toEqual(parsed(expected));
  });

  it("merges only deltas of one kind and one response", () => {
    merger.push(event({ reasoning_content: "think " }));
    merger.push(event({ reasoning_content: "hard" }));
    merger.push(event({ content: "Yes" }));
    merger.push(event({ content: "!" }));
    merger.push(event({ content: "?" }, { id: "c2" }));
    merger.push(event({ content: "both", reasoning_content: "x" }));
    merger.push(event({ role: "assistant", content: "r" }));
    merger.push(event({ role: "assistant", content: "s" }));
    vi.advanceTimersByTime(WINDOW);
    expect(contents(out)).toEqual([
      { reasoning_content: "think " },
      { reasoning_content: "hard" },
      { content: "Yes!" },
      { content: "?" },
      { content: "both", reasoning_content: "x" },
      { role: "assistant", content: "rs" },
    ]);
  });

  it("reads events split anywhere across reads, and sends what is held and unfinished at the end", () => {
    const whole = text("Hé") + text("llo") + text(" wörld");
    for (let i = 0; i < whole.length; i += 7) merger.push(whole.slice(i, i + 7));
    merger.push('data: {"partial":');
    merger.finish();
    expect(out.join("")).toBe(`${text("Hé")}${text("llo wörld")}data: {"partial":`);
    merger.push(text("late"));
    vi.advanceTimersByTime(WINDOW);
    expect(out.join("")).not.toContain("late");
  });

  it("leaves a body with CR line ends as it is", () => {
    merger.push(text("a").replaceAll("\n", "\r\n"));
    merger.push(text("b").replaceAll("\n", "\r\n"));
    merger.push(text("c").replaceAll("\n", "\r\n"));
    vi.advanceTimersByTime(WINDOW);
    expect(out.join("")).toBe(
      ["a", "b", "c"].map((t) => text(t).replaceAll("\n", "\r\n")).join(""),
    );
  });

  it("sends nothing more once stopped", () => {
    merger.push(text("a"));
    merger.push(text("b"));
    merger.stop();
    vi.advanceTimersByTime(WINDOW * 3);
    expect(contents(out)).toEqual([{ content: "a" }]);
  });
});

describe("mergeModelDeltas (a web body)", () => {
  const encoder = new TextEncoder();
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let all = "";
    for await (const chunk of stream) all += decoder.decode(chunk, { stream: true });
    return all;
  };

  it("merges what comes within a window, multi-byte characters split across chunks included", async () => {
    const bytes = encoder.encode(text("Grüße") + text(" aus") + text(" Köln"));
    const upstream = new ReadableStream<Uint8Array>({
      start(controller) {
        // Split inside the two-byte "ü" and everywhere else, 5 bytes at a time.
        for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.slice(i, i + 5));
        controller.close();
      },
    });
    expect(await read(mergeModelDeltas(upstream, { windowMs: WINDOW }))).toBe(
      text("Grüße") + text(" aus Köln"),
    );
  });

  it("passes on an upstream failure once what was held has been read", async () => {
    const failure = new Error("socket hang up");
    let pulls = 0;
    const upstream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulls++ === 0) controller.enqueue(encoder.encode(text("a") + text("b") + text("c")));
          else controller.error(failure);
        },
      },
      { highWaterMark: 0 },
    );
    const reader = mergeModelDeltas(upstream, { windowMs: WINDOW }).getReader();
    const decoder = new TextDecoder();
    let got = "";
    const error = await (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return null;
          got += decoder.decode(value);
        }
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBe(failure);
    expect(got).toBe(text("a") + text("bc"));
  });
});
