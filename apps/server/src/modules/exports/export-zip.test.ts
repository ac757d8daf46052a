import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type ZipFile, zipStream } from "./export-zip.ts";

/** The history ZIP's stream asks for a page only when its reader wants more (bounded memory). */
describe("zipStream", () => {
  it("reads pages as the reader pulls, never ahead of it", async () => {
    const PAGES = 20;
    let asked = 0;
    const page = (p: number): ZipFile[] =>
      Array.from({ length: 20 }, (_, i) => {
        const name = `t-${p}-${i}.md`;
        const entry = {
          id: name,
          kind: "answer",
          title: name,
          createdAt: "",
          updatedAt: "",
          file: name,
        };
        return { name, text: `# ${name}\n\n${"words ".repeat(200)}\n`, entry };
      });
    const stream = zipStream(async () => (asked < PAGES ? page(asked++) : null));
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // One page was read to give the first bytes; the other 19 wait for the reader.
    expect(asked).toBe(1);
    const chunks = [first.value as Uint8Array];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(asked).toBe(PAGES);
    const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.length;
    }
    const files = unzipSync(all);
    expect(Object.keys(files)).toHaveLength(PAGES * 20 + 1);
    // The index, deflated as it grew, reads as the whole list written at once would.
    const entries = Array.from({ length: PAGES }, (_, p) =>
      page(p).map((file) => file.entry),
    ).flat();
    expect(strFromU8(files["index.json"] ?? new Uint8Array())).toBe(
      `${JSON.stringify(entries, null, 2)}\n`,
    );
    expect(strFromU8(files["t-3-7.md"] ?? new Uint8Array())).toBe(page(3)[7]?.text);
  });

  it("writes an empty list as the index of an empty history", async () => {
    const reader = zipStream(async () => null).getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const files = unzipSync(Buffer.concat(chunks));
    expect(Object.keys(files)).toEqual(["index.json"]);
    expect(strFromU8(files["index.json"] ?? new Uint8Array())).toBe("[]\n");
  });

  it("stops asking for pages when the reader cancels", async () => {
    let asked = 0;
    const stream = zipStream(async () => {
      asked++;
      const name = `t-${asked}.md`;
      const entry = {
        id: name,
        kind: "answer",
        title: name,
        createdAt: "",
        updatedAt: "",
        file: name,
      };
      return [{ name, text: "text", entry }];
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    const after = asked;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toBe(after);
    expect(after).toBeLessThanOrEqual(2);
  });
});
