import { type Editor, Extension, type JSONContent } from "@tiptap/core";
import { Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

/**
 * An AI edit shown as a suggestion (issue 40, scope 3): the original range struck through and the
 * proposed text beside it, drawn as decorations — never part of the document (so never saved, and
 * never in the undo history) until the person accepts it. Accepting replaces the range with the
 * proposed text in one undoable step (undo restores the original); rejecting removes the
 * decorations and leaves the document as it was. An edit of the document maps the range; deleting
 * the whole original drops the suggestion.
 */

export type SuggestionStatus = "streaming" | "done" | "error";

export interface Suggestion {
  /** The original range (from === to: an insertion at the cursor, "continue writing"). */
  from: number;
  to: number;
  /** The proposed text so far. */
  text: string;
  status: SuggestionStatus;
}

export const aiSuggestionKey = new PluginKey<Suggestion | null>("nexdocsAiSuggestion");

type Meta = { set: Suggestion | null } | { text: string; status?: SuggestionStatus };

function apply(tr: Transaction, value: Suggestion | null): Suggestion | null {
  const meta = tr.getMeta(aiSuggestionKey) as Meta | undefined;
  if (meta && "set" in meta) return meta.set;
  if (!value) return null;
  let next = value;
  if (meta) next = { ...next, text: meta.text, status: meta.status ?? next.status };
  if (!tr.docChanged) return next;
  const from = tr.mapping.map(next.from, next.from === next.to ? -1 : 1);
  const to = tr.mapping.map(next.to, -1);
  // The whole original was deleted: nothing is left to suggest a change to.
  if (next.from !== next.to && to <= from) return null;
  return { ...next, from, to: Math.max(from, to) };
}

/** The proposed text as nodes: plain text (never parsed as HTML), paragraphs at blank lines. */
export function suggestionContent(text: string, inline: boolean): JSONContent[] {
  const lineNodes = (block: string): JSONContent[] =>
    block.split("\n").flatMap((line, i) => {
      const nodes: JSONContent[] = i > 0 ? [{ type: "hardBreak" }] : [];
      return line === "" ? nodes : [...nodes, { type: "text", text: line }];
    });
  const blocks = text
    .trim()
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== "");
  if (inline || blocks.length <= 1) return lineNodes(blocks.join(" ") || text.trim());
  return blocks.map((block) => ({ type: "paragraph", content: lineNodes(block) }));
}

export function suggestionOf(editor: Editor): Suggestion | null {
  return aiSuggestionKey.getState(editor.state) ?? null;
}

/** Shows a suggestion (replacing any other), or updates its text and status. */
export function showSuggestion(editor: Editor, change: Meta): void {
  editor.view.dispatch(
    editor.state.tr.setMeta(aiSuggestionKey, change).setMeta("addToHistory", false),
  );
}

/** Replaces the original with the proposed text: one undoable step. False: nothing to accept. */
export function acceptSuggestion(editor: Editor): boolean {
  const suggestion = suggestionOf(editor);
  if (suggestion?.status !== "done" || suggestion.text.trim() === "") return false;
  const { from, to, text } = suggestion;
  const $from = editor.state.doc.resolve(from);
  const $to = editor.state.doc.resolve(to);
  // Within one block the text stays inline (a single paragraph); across blocks, paragraphs.
  const inline = $from.sameParent($to) && !/\n{2,}/.test(text.trim());
  const content = suggestionContent(text, inline);
  const continuing = from === to;
  // Continued text follows the word before the cursor with a space.
  const previous = editor.state.doc.textBetween(Math.max($from.start(), from - 1), from);
  const insert = continuing && /\S/.test(previous) ? [{ type: "text", text: " " }] : [];
  editor
    .chain()
    .command(({ tr }) => {
      tr.setMeta(aiSuggestionKey, { set: null });
      return true;
    })
    .insertContentAt({ from, to }, continuing && inline ? [...insert, ...content] : content, {
      updateSelection: true,
    })
    .focus()
    .run();
  return true;
}

/** Drops the suggestion: the document is left exactly as it was. */
export function rejectSuggestion(editor: Editor): void {
  if (suggestionOf(editor)) showSuggestion(editor, { set: null });
}

function decorations(state: Suggestion | null, doc: Parameters<typeof DecorationSet.create>[0]) {
  if (!state) return DecorationSet.empty;
  const list: Decoration[] = [];
  if (state.to > state.from)
    list.push(
      Decoration.inline(state.from, state.to, {
        class: "nexdocs-suggestion-original",
        "data-testid": "nexdocs-suggestion-original",
      }),
    );
  list.push(
    Decoration.widget(
      state.to,
      () => {
        const span = document.createElement("span");
        span.className = "nexdocs-suggestion-new";
        span.dataset.testid = "nexdocs-suggestion";
        span.dataset.status = state.status;
        span.setAttribute("contenteditable", "false");
        // textContent: the model's words are shown as text, never parsed.
        span.textContent = state.text;
        return span;
      },
      // A new widget (not the cached one) whenever the text or status changes.
      { side: 1, key: `suggestion-${state.status}-${state.text.length}`, ignoreSelection: true },
    ),
  );
  return DecorationSet.create(doc, list);
}

/** What the screen does on Tab and Escape while a suggestion is shown (use-ai-edit.ts sets them). */
export interface SuggestionKeys {
  /** Tab: move to the suggestion's Accept button (none: Tab does what it does without one). */
  tab: (() => void) | null;
  /** Escape: reject it, stopping it if it is still streaming (none: just reject it). */
  escape: (() => void) | null;
}

/** The keys' handlers of an editor's suggestions (its extension storage). */
export function suggestionKeys(editor: Editor): SuggestionKeys {
  return (editor.storage as unknown as Record<string, SuggestionKeys>)
    .aiSuggestion as SuggestionKeys;
}

export const AiSuggestion = Extension.create<object, SuggestionKeys>({
  name: "aiSuggestion",
  // Before the lists' Tab (sink item) and the other Escape handlers.
  priority: 1000,
  addStorage() {
    return { tab: null, escape: null };
  },
  addKeyboardShortcuts() {
    return {
      Tab: () => {
        if (!suggestionOf(this.editor) || !this.storage.tab) return false;
        this.storage.tab();
        return true;
      },
      Escape: () => {
        if (!suggestionOf(this.editor)) return false;
        if (this.storage.escape) this.storage.escape();
        else rejectSuggestion(this.editor);
        return true;
      },
    };
  },
  addProseMirrorPlugins() {
    return [
      new Plugin<Suggestion | null>({
        key: aiSuggestionKey,
        state: { init: () => null, apply: (tr, value) => apply(tr, value) },
        props: {
          decorations: (state) => decorations(aiSuggestionKey.getState(state) ?? null, state.doc),
        },
      }),
    ];
  },
});
