import type { NexdocsNode } from "@nexus/contracts";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { Editor } from "@tiptap/core";
import { EditorContent } from "@tiptap/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { needCatalogue } from "@/lib/i18n/i18n.ts";
import { useMathPopover } from "./math-popover.tsx";
import { useSlashMenu } from "./slash-menu.tsx";
import { useNexdocsEditor } from "./use-nexdocs-editor.ts";

/**
 * Math editing without window.prompt (issue 40), over the real editor: the slash menu inserts a
 * formula and opens its editor beside it (the field focused, a live KaTeX preview); Enter saves;
 * a click on the formula opens it again and Escape leaves it as it was; Enter on a selected
 * formula opens it from the keyboard; a new formula cancelled leaves nothing behind.
 */

const rangeRects = Object.getOwnPropertyDescriptors(Range.prototype);
beforeAll(async () => {
  await needCatalogue("nexdocs");
  // jsdom lays nothing out: ProseMirror measures ranges, which jsdom lacks.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
});
afterAll(() => {
  for (const name of ["getClientRects", "getBoundingClientRect"] as const) {
    const original = rangeRects[name];
    if (original) Object.defineProperty(Range.prototype, name, original);
    else delete (Range.prototype as Partial<Range>)[name];
  }
});

let current: Editor | null = null;

function Screen() {
  const math = useMathPopover();
  const { editor, keyHandler } = useNexdocsEditor({
    content: {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "Area " }] }],
    },
    placeholder: "",
    label: "Document",
    onChange: () => undefined,
    editMath: math.editMath,
  });
  const slash = useSlashMenu(editor);
  keyHandler.current = slash.onKeyDown;
  current = editor;
  if (!editor) return null;
  return (
    <>
      <EditorContent editor={editor} />
      {slash.menu}
      {math.popover}
    </>
  );
}

/** The document's formulas: [type, TeX]. */
function formulas(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (node: NexdocsNode) => {
    if (node.type === "inlineMath" || node.type === "blockMath")
      out.push([node.type, String(node.attrs?.latex ?? "")]);
    for (const child of node.content ?? []) walk(child);
  };
  if (current) walk(current.getJSON() as NexdocsNode);
  return out;
}

function slashChoose(choice: string) {
  fireEvent.mouseDown(within(screen.getByTestId("nexdocs-slash-menu")).getByText(choice));
}

function slash(choice: string) {
  act(() => {
    current?.chain().focus("end").insertContent(" /math").run();
  });
  slashChoose(choice);
}

describe("the math editor", () => {
  it("inserts from the slash menu, previews live, saves on Enter, cancels on Escape", async () => {
    const prompt = vi.spyOn(window, "prompt");
    render(<Screen />);
    await screen.findByTestId("nexdocs-editor");

    slash("Inline math");
    const dialog = await screen.findByRole("dialog", { name: "Inline formula" });
    const field = screen.getByLabelText("Formula in TeX");
    await waitFor(() => expect(field).toHaveFocus());
    expect(formulas()).toEqual([["inlineMath", ""]]);
    fireEvent.change(field, { target: { value: "x^2" } });
    // The preview is KaTeX's drawing of what is typed.
    await waitFor(() =>
      expect(screen.getByTestId("nexdocs-math-preview").querySelector(".katex")).not.toBeNull(),
    );
    expect(screen.getByTestId("nexdocs-math-preview").textContent).toContain("x");
    fireEvent.keyDown(field, { key: "Enter" });
    expect(dialog).not.toBeInTheDocument();
    expect(formulas()).toEqual([["inlineMath", "x^2"]]);
    // The document has the focus back.
    await waitFor(() => expect(current?.view.dom).toHaveFocus());

    // A click on the formula opens it again; Escape leaves it as it was.
    const drawn = document.querySelector<HTMLElement>('[data-type="inline-math"]');
    if (!drawn) throw new Error("no formula drawn");
    fireEvent.click(drawn);
    const again = await screen.findByLabelText("Formula in TeX");
    expect(again).toHaveValue("x^2");
    fireEvent.change(again, { target: { value: "y" } });
    fireEvent.keyDown(again, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("nexdocs-math-editor")).toBeNull());
    expect(formulas()).toEqual([["inlineMath", "x^2"]]);

    // From the keyboard: back in the document with the formula selected, Enter opens it; Save
    // keeps the new TeX.
    await waitFor(() => expect(current?.view.dom).toHaveFocus());
    expect(current?.state.selection.from).toBe(7);
    fireEvent.keyDown(current?.view.dom as HTMLElement, { key: "Enter" });
    const byKey = await screen.findByLabelText("Formula in TeX");
    fireEvent.change(byKey, { target: { value: "\\frac{a}{b}" } });
    fireEvent.click(screen.getByText("Save"));
    expect(formulas()).toEqual([["inlineMath", "\\frac{a}{b}"]]);

    // A new block formula cancelled leaves nothing behind.
    slash("Math block");
    // (Role queries stop here: jsdom cannot style KaTeX's MathML, which they would measure.)
    expect(await screen.findByTestId("nexdocs-math-editor")).toHaveTextContent("Formula block");
    expect(formulas()).toEqual([
      ["inlineMath", "\\frac{a}{b}"],
      ["blockMath", ""],
    ]);
    fireEvent.click(screen.getByText("Cancel"));
    await waitFor(() => expect(screen.queryByTestId("nexdocs-math-editor")).toBeNull());
    expect(formulas()).toEqual([["inlineMath", "\\frac{a}{b}"]]);
    expect(prompt).not.toHaveBeenCalled();
    prompt.mockRestore();
  });

  it("takes a new formula back in one undo step, however long its TeX took to write", async () => {
    // Only the clock is faked: the history groups changes by their time.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      render(<Screen />);
      await screen.findByTestId("nexdocs-editor");
      const text = () => current?.state.doc.textContent;
      const later = () => vi.setSystemTime(Date.now() + 5_000);
      const undo = () => act(() => void current?.commands.undo());

      // Saved: one undo leaves the text as it was before the slash menu's choice.
      act(() => {
        current?.chain().focus("end").insertContent(" /math").run();
      });
      later();
      slashChoose("Inline math");
      const field = await screen.findByLabelText("Formula in TeX");
      later();
      fireEvent.change(field, { target: { value: "x^2" } });
      fireEvent.keyDown(field, { key: "Enter" });
      expect(formulas()).toEqual([["inlineMath", "x^2"]]);
      later();
      undo();
      expect(formulas()).toEqual([]);
      expect(text()).toBe("Area  /math");
      // Redo brings the formula back with its TeX, also in one step.
      act(() => void current?.commands.redo());
      expect(formulas()).toEqual([["inlineMath", "x^2"]]);
      undo();
      expect(formulas()).toEqual([]);

      // Cancelled: nothing to take back but the slash menu's choice (no empty formula returns).
      later();
      act(() => {
        current?.chain().focus("end").insertContent(" /math").run();
      });
      later();
      slashChoose("Math block");
      await screen.findByTestId("nexdocs-math-editor");
      later();
      fireEvent.click(screen.getByText("Cancel"));
      await waitFor(() => expect(screen.queryByTestId("nexdocs-math-editor")).toBeNull());
      expect(formulas()).toEqual([]);
      later();
      undo();
      expect(formulas()).toEqual([]);
      expect(text()).toBe("Area  /math /math");
    } finally {
      vi.useRealTimers();
    }
  });
});
