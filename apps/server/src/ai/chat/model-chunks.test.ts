import { createUIMessageStreamResponse, type UIMessageChunk } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeltaCoalescer } from "./model-chunks.ts";
import { uiMessageSseResponse, uiMessageSseStream, uiMessageSseText } from "./ui-message-sse.ts";

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

const textOf = (chunks: readonly UIMessageChunk[], type: "text-delta" | "reasoning-delta") =>
  chunks.map((c) => (c.type === type ? c.delta : "")).join("");

describe("DeltaCoalescer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const deltas = (type: "text-delta" | "reasoning-delta", id: string, parts: string[]) =>
    parts.map((delta): UIMessageChunk => ({ type, id, delta }));

  it("keeps the exact text and the order of parts while merging deltas", () => {
    vi.useFakeTimers();
    const written: UIMessageChunk[] = [];
    const out = new DeltaCoalescer((c) => written.push(c));
    const words = Array.from({ length: 200 }, (_, i) => `w${i} [${(i % 5) + 1}] `);
    const input: UIMessageChunk[] = [
      { type: "reasoning-start", id: "r" },
      ...deltas("reasoning-delta", "r", ["a", "b", "", "c"]),
      { type: "reasoning-end", id: "r" },
      { type: "text-start", id: "t" },
      ...deltas("text-delta", "t", words),
      { type: "text-end", id: "t" },
    ];
    for (const c of input) out.push(c);
    out.flush();
    expect(textOf(written, "text-delta")).toBe(words.join(""));
    expect(textOf(written, "reasoning-delta")).toBe("abc");
    expect(written.filter((c) => c.type === "text-delta").length).toBeLessThan(words.length);
    const kinds = written.map((c) => c.type).filter((t, i, all) => t !== all[i - 1]);
    expect(kinds).toEqual([
      "reasoning-start",
      "reasoning-delta",
      "reasoning-end",
      "text-start",
      "text-delta",
      "text-end",
    ]);
  });

  it("writes the first delta of each part at once and the held ones on the timer", () => {
    vi.useFakeTimers();
    const written: UIMessageChunk[] = [];
    const out = new DeltaCoalescer((c) => written.push(c), 15, 1000);
    out.push({ type: "text-delta", id: "t", delta: "first" });
    expect(written).toEqual([{ type: "text-delta", id: "t", delta: "first" }]);
    out.push({ type: "text-delta", id: "t", delta: " second" });
    out.push({ type: "text-delta", id: "t", delta: " third" });
    expect(written).toHaveLength(1);
    vi.advanceTimersByTime(15);
    expect(written.at(-1)).toEqual({ type: "text-delta", id: "t", delta: " second third" });
    out.push({ type: "text-delta", id: "t", delta: "x".repeat(1000) });
    expect(written.at(-1)).toEqual({ type: "text-delta", id: "t", delta: "x".repeat(1000) });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("never merges deltas that carry provider metadata or belong to another part", () => {
    const written: UIMessageChunk[] = [];
    const out = new DeltaCoalescer((c) => written.push(c));
    const meta = { llm: { n: 1 } };
    out.push({ type: "text-delta", id: "a", delta: "1" });
    out.push({ type: "text-delta", id: "a", delta: "2" });
    out.push({ type: "text-delta", id: "a", delta: "3", providerMetadata: meta });
    out.push({ type: "text-delta", id: "b", delta: "4" });
    out.push({ type: "text-delta", id: "a", delta: "5" });
    out.push({ type: "text-delta", id: "b", delta: "6" });
    out.flush();
    expect(written).toEqual([
      { type: "text-delta", id: "a", delta: "1" },
      { type: "text-delta", id: "a", delta: "2" },
      { type: "text-delta", id: "a", delta: "3", providerMetadata: meta },
      { type: "text-delta", id: "b", delta: "4" },
      { type: "text-delta", id: "a", delta: "5" },
      { type: "text-delta", id: "b", delta: "6" },
    ]);
  });
});

describe("uiMessageSseStream", () => {
  const chunks: UIMessageChunk[] = [
    { type: "start", messageId: "m1", messageMetadata: { note: "ünïcode ✓ \u2028" } },
    { type: "source-url", sourceId: "1", url: "https://a.example/x", title: "A" },
    { type: "data-sources", data: [{ url: "https://a.example/x" }] },
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: 'He said "hi"\n' },
    { type: "text-end", id: "t" },
    { type: "finish" },
  ];
  const streamOf = (items: readonly UIMessageChunk[]) =>
    new ReadableStream<UIMessageChunk>({
      start(controller) {
        for (const c of items) controller.enqueue(c);
        controller.close();
      },
    });

  it("sends the bytes and headers createUIMessageStreamResponse sends", async () => {
    const ours = uiMessageSseResponse(uiMessageSseStream(streamOf(chunks)));
    const sdk = createUIMessageStreamResponse({ stream: streamOf(chunks) });
    expect(await ours.text()).toBe(await sdk.text());
    for (const [name, value] of sdk.headers) expect(ours.headers.get(name)).toBe(value);
    expect(ours.headers.get("transfer-encoding")).toBe("chunked");
  });

  it("gives the same events as text (what a chat worker hands to the main thread)", async () => {
    const text = (await collect(uiMessageSseText(streamOf(chunks)))).join("");
    const sdk = createUIMessageStreamResponse({ stream: streamOf(chunks) });
    expect(text).toBe(await sdk.text());
  });

  it("sends the parts that are ready together as one chunk", async () => {
    const pieces = await collect(uiMessageSseStream(streamOf(chunks)));
    expect(pieces).toHaveLength(1);
    expect(new TextDecoder().decode(pieces[0])).toMatch(/^data: \{"type":"start"/);
  });
});
