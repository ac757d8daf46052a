import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import {
  acceptSuggestion,
  rejectSuggestion,
  showSuggestion,
  suggestionContent,
  suggestionOf,
} from "./ai-suggestion.ts";
import { nexdocsExtensions } from "./extensions.ts";

/**
 * An AI edit's suggestion in the real editor (ai-suggestion.ts): shown beside the struck original
 * without touching the document; accepted in one step that undo reverts; rejected leaving the
 * document as it was; dropped when its original is deleted; its text never parsed as HTML.
 */

const ORIGINAL = "The wall got fixed in march.";
let editor: Editor | null = null;

function make(): Editor {
  editor = new Editor({
    extensions: nexdocsExtensions(""),
    content: {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Intro." }] },
        { type: "paragraph", content: [{ type: "text", text: ORIGINAL }] },
      ],
    },
  });
  return editor;
}

/** The range of the second paragraph's text. */
function originalRange(e: Editor): { from: number; to: number } {
  let range = { from: 0, to: 0 };
  e.state.doc.descendants((node, pos) => {
    if (node.isText && node.text === ORIGINAL) range = { from: pos, to: pos + ORIGINAL.length };
  });
  return range;
}

function suggest(e: Editor, text: string, range = originalRange(e)) {
  showSuggestion(e, { set: { ...range, text: "", status: "streaming" } });
  showSuggestion(e, { text: text.slice(0, 5) });
  showSuggestion(e, { text, status: "done" });
}

afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe("an AI edit's suggestion", () => {
  it("shows the proposal beside the struck original without changing the document", () => {
    const e = make();
    const before = e.getJSON();
    suggest(e, "The harbour wall was rebuilt in March.");
    expect(e.getJSON()).toEqual(before);
    const struck = e.view.dom.querySelector(".nexdocs-suggestion-original");
    expect(struck?.textContent).toBe(ORIGINAL);
    const proposal = e.view.dom.querySelector<HTMLElement>('[data-testid="nexdocs-suggestion"]');
    expect(proposal?.textContent).toBe("The harbour wall was rebuilt in March.");
    expect(proposal?.dataset.status).toBe("done");
    // Nothing to undo: showing a suggestion is not an edit.
    expect(e.can().undo()).toBe(false);
  });

  it("accepts in one step that undo reverts to the original", () => {
    const e = make();
    suggest(e, "The harbour wall was rebuilt in March.");
    expect(acceptSuggestion(e)).toBe(true);
    expect(e.getText()).toBe("Intro.\n\nThe harbour wall was rebuilt in March.");
    expect(suggestionOf(e)).toBeNull();
    expect(e.view.dom.querySelector(".nexdocs-suggestion-original")).toBeNull();
    e.commands.undo();
    expect(e.getText()).toBe(`Intro.\n\n${ORIGINAL}`);
    expect(e.can().undo()).toBe(false);
  });

  it("rejects leaving the document exactly as it was", () => {
    const e = make();
    const before = e.getJSON();
    suggest(e, "Something else entirely.");
    rejectSuggestion(e);
    expect(e.getJSON()).toEqual(before);
    expect(e.view.dom.querySelector('[data-testid="nexdocs-suggestion"]')).toBeNull();
    expect(acceptSuggestion(e)).toBe(false);
  });

  it("cannot be accepted while it streams, follows edits before it, and goes when its original is deleted", () => {
    const e = make();
    const range = originalRange(e);
    showSuggestion(e, { set: { ...range, text: "Half", status: "streaming" } });
    expect(acceptSuggestion(e)).toBe(false);
    e.commands.insertContentAt(1, "New ");
    expect(suggestionOf(e)).toMatchObject({ from: range.from + 4, to: range.to + 4 });
    showSuggestion(e, { text: "Rebuilt.", status: "done" });
    e.commands.deleteRange({ from: range.from + 4, to: range.to + 4 });
    expect(suggestionOf(e)).toBeNull();
  });

  it("continues at the cursor, after a space, and never reads the model's text as HTML", () => {
    const e = make();
    const end = originalRange(e).to;
    suggest(e, "<img src=x onerror=alert(1)> It held.", { from: end, to: end });
    expect(e.view.dom.querySelector("img")).toBeNull();
    acceptSuggestion(e);
    expect(e.getText()).toBe(`Intro.\n\n${ORIGINAL} <img src=x onerror=alert(1)> It held.`);
    expect(e.view.dom.querySelector("img")).toBeNull();
  });

  it("splits a proposal of several paragraphs into paragraphs, one paragraph's lines by breaks", () => {
    expect(suggestionContent("One.\n\nTwo.", false)).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "One." }] },
      { type: "paragraph", content: [{ type: "text", text: "Two." }] },
    ]);
    expect(suggestionContent("One.\nTwo.", true)).toEqual([
      { type: "text", text: "One." },
      { type: "hardBreak" },
      { type: "text", text: "Two." },
    ]);
  });
});
