import { Editor } from "@tiptap/core";
import type { Transaction } from "@tiptap/pm/state";
import { afterEach, describe, expect, it } from "vitest";
import { nexdocsExtensions } from "./extensions.ts";
import { headingAt, headingsOf, mayChangeOutline, outlineKey } from "./outline-state.ts";

/**
 * The outline as editor state (outline-state.ts), over the real editor: a keystroke in a
 * paragraph keeps the very same list (so the table of contents is not drawn again), and after
 * every kind of change that can touch a heading the list is what a full walk of the document
 * finds.
 */

let editor: Editor | null = null;

function make(): Editor {
  editor = new Editor({
    extensions: nexdocsExtensions(""),
    content: {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Harbour" }] },
        { type: "paragraph", content: [{ type: "text", text: "The tide turned." }] },
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Crews" }] },
        { type: "paragraph", content: [{ type: "text", text: "They logged it." }] },
      ],
    },
  });
  return editor;
}

const outline = (e: Editor) => outlineKey.getState(e.state);

/** The position just inside the end of the first text block whose text is `text`. */
function endOf(e: Editor, text: string): number {
  let at = -1;
  e.state.doc.descendants((node, pos) => {
    if (at === -1 && node.isTextblock && node.textContent === text) at = pos + node.nodeSize - 1;
    return at === -1;
  });
  if (at === -1) throw new Error(`no block "${text}"`);
  return at;
}

afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe("the outline state", () => {
  it("keeps the same list while a paragraph is typed in, edited and formatted", () => {
    const e = make();
    const before = outline(e);
    const changes: Transaction[] = [];
    e.on("transaction", ({ transaction }) => {
      if (transaction.docChanged) changes.push(transaction);
    });
    expect(before).toEqual([
      { level: 1, text: "Harbour" },
      { level: 2, text: "Crews" },
    ]);
    let at = endOf(e, "The tide turned.");
    for (const key of " Early") {
      e.chain().setTextSelection(at).insertContent(key).run();
      at += 1;
    }
    e.chain()
      .setTextSelection({ from: at - 5, to: at })
      .toggleBold()
      .run();
    e.chain()
      .setTextSelection({ from: at - 2, to: at })
      .deleteSelection()
      .run();
    expect(e.state.doc.textContent).toContain("The tide turned. Ear");
    expect(outline(e)).toBe(before);
    // Judged from the ranges each change touched: the document was never walked again.
    expect(changes).toHaveLength(8);
    expect(changes.filter(mayChangeOutline)).toEqual([]);
    // The same keystroke in a heading may change it.
    e.chain().setTextSelection(endOf(e, "Crews")).insertContent("!").run();
    expect(changes.map(mayChangeOutline).at(-1)).toBe(true);
    expect(outline(e)).toEqual([
      { level: 1, text: "Harbour" },
      { level: 2, text: "Crews!" },
    ]);
  });

  it("follows every change that touches a heading, as a full walk finds it", () => {
    const e = make();
    const steps: Array<[string, () => void]> = [
      [
        "type in a heading",
        () => e.chain().setTextSelection(endOf(e, "Crews")).insertContent(" and boats").run(),
      ],
      [
        "make a paragraph a heading",
        () =>
          e.chain().setTextSelection(endOf(e, "They logged it.")).setHeading({ level: 3 }).run(),
      ],
      [
        "split a heading",
        () =>
          e
            .chain()
            .setTextSelection(endOf(e, "Harbour") - 3)
            .splitBlock()
            .run(),
      ],
      [
        "join it back",
        () =>
          e
            .chain()
            .setTextSelection(endOf(e, "Harb"))
            .deleteRange({ from: endOf(e, "Harb"), to: endOf(e, "Harb") + 2 })
            .run(),
      ],
      [
        "paste a heading into a paragraph",
        () =>
          e
            .chain()
            .setTextSelection(endOf(e, "The tide turned."))
            .insertContent("<h2>Pasted</h2><p>after</p>")
            .run(),
      ],
      [
        "delete a heading",
        () => {
          const end = endOf(e, "Harbour");
          e.chain()
            .deleteRange({ from: 0, to: end + 1 })
            .run();
        },
      ],
      ["undo", () => e.commands.undo()],
      [
        "set new content",
        () => e.commands.setContent("<h3>Fresh</h3><p>x</p>", { emitUpdate: false }),
      ],
    ];
    const seen: string[][] = [];
    for (const [what, step] of steps) {
      step();
      expect(outline(e), what).toEqual(headingsOf(e.state.doc));
      seen.push(headingsOf(e.state.doc).map((h) => `${h.level} ${h.text}`));
    }
    // The steps did change the outline (a test that never moved it would prove nothing).
    expect(seen[0]).toEqual(["1 Harbour", "2 Crews and boats"]);
    expect(seen[1]).toEqual(["1 Harbour", "2 Crews and boats", "3 They logged it."]);
    expect(seen[2]).toEqual(["1 Harb", "1 our", "2 Crews and boats", "3 They logged it."]);
    expect(seen[3]).toEqual(["1 Harbour", "2 Crews and boats", "3 They logged it."]);
    expect(seen[4]).toContain("2 Pasted");
    expect(seen[5]).not.toContain("1 Harbour");
    expect(seen[6]).toContain("1 Harbour");
    expect(seen[7]).toEqual(["3 Fresh"]);
  });

  it("finds a heading's position when it is chosen (the list keeps none)", () => {
    const e = make();
    e.chain().setTextSelection(endOf(e, "The tide turned.")).insertContent(" More.").run();
    const pos = headingAt(e.state.doc, 1);
    expect(pos).not.toBeNull();
    expect(e.state.doc.nodeAt(pos ?? 0)?.textContent).toBe("Crews");
    expect(headingAt(e.state.doc, 2)).toBeNull();
  });
});
