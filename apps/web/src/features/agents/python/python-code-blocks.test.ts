import { describe, expect, it } from "vitest";
import { pythonBlocks, pythonParts } from "./python-code-blocks.ts";

const LESSON = [
  "## Lesson 2 — Lists",
  "",
  "A list keeps items in order:",
  "",
  "```python",
  "fruits = ['apple', 'pear']",
  "print(fruits[0])",
  "```",
  "",
  "### Exercise",
  "",
  "~~~py",
  "print(len(fruits))",
  "~~~",
  "",
  "Good luck!",
].join("\n");

describe("pythonParts", () => {
  it("cuts a reply after each Python block, and the parts join back into the reply", () => {
    const parts = pythonParts(LESSON);
    expect(parts.map((p) => p.markdown).join("\n")).toBe(LESSON);
    expect(parts).toHaveLength(3);
    expect(parts[0]?.markdown.endsWith("print(fruits[0])\n```")).toBe(true);
    expect(parts[0]?.blocks).toEqual([
      { number: 1, code: "fruits = ['apple', 'pear']\nprint(fruits[0])" },
    ]);
    expect(parts[1]?.blocks).toEqual([{ number: 2, code: "print(len(fruits))" }]);
    expect(parts[2]?.markdown).toBe("\nGood luck!");
    expect(parts[2]?.blocks).toEqual([]);
  });

  it("notes each part's highest heading, so headings keep their levels", () => {
    expect(pythonParts(LESSON).map((p) => p.highestHeading)).toEqual([2, 3, null]);
  });

  it("takes python, py, python3 and py3 (any case, with attributes), not other languages", () => {
    const fence = (info: string) => `\`\`\`${info}\nx = 1\n\`\`\``;
    for (const info of [
      "python",
      "Python",
      "py",
      "python3",
      "py3",
      "python title='a.py'",
      "{.python}",
    ])
      expect(pythonBlocks(fence(info)), info).toHaveLength(1);
    for (const info of ["", "js", "pycon", "bash", "text", "pythonic"])
      expect(pythonBlocks(fence(info)), info).toHaveLength(0);
  });

  it("does not end a block at a shorter or different fence, nor take a fence inside code", () => {
    const markdown = [
      "````python",
      'print("```")',
      "```",
      "~~~",
      "````",
      "```js",
      "```python",
      "```",
    ].join("\n");
    expect(pythonBlocks(markdown)).toEqual([{ number: 1, code: 'print("```")\n```\n~~~' }]);
  });

  it("runs an unclosed block to the end of the reply", () => {
    expect(pythonBlocks("Look:\n```python\nprint(1)\nprint(2)")).toEqual([
      { number: 1, code: "print(1)\nprint(2)" },
    ]);
  });

  it("keeps an indented block (in a list item) whole, with its indentation taken off, without cutting", () => {
    const markdown =
      "1. Run this:\n   ```python\n   for i in range(2):\n       print(i)\n   ```\n2. Then this.";
    const parts = pythonParts(markdown);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.blocks).toEqual([{ number: 1, code: "for i in range(2):\n    print(i)" }]);
  });

  it("does not cut text whose links refer across parts, and skips empty blocks", () => {
    const markdown =
      "See [the docs][1].\n\n```python\nprint(1)\n```\n\n```python\n```\n\n[1]: https://docs.python.org";
    const parts = pythonParts(markdown);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.blocks).toEqual([{ number: 1, code: "print(1)" }]);
  });

  it("gives a reply without Python as one part with no blocks", () => {
    expect(pythonParts("Just words.")).toEqual([
      { markdown: "Just words.", blocks: [], highestHeading: null },
    ]);
    expect(pythonParts("")).toEqual([{ markdown: "", blocks: [], highestHeading: null }]);
  });
});
