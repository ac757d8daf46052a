import { type Editor, InputRule, Node, type NodeViewRenderer } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { NodeSelection, type Transaction } from "@tiptap/pm/state";
import type { KatexOptions } from "katex";

/**
 * Math (issue 40): TeX kept as written in a `latex` attribute, inline and as a block — the same
 * node types as the server's (nexdocs.math.ts: `$…$` and `$$…$$` in Markdown), drawn with
 * KaTeX, which is loaded the first time a formula is drawn (so the editor's chunk does not carry
 * it). Typing `$x^2$` makes inline math, `$$x^2$$` on a line of its own a block; the slash menu
 * inserts an empty one and opens its editor; clicking a formula (or Enter on a selected one) opens
 * the editor of its TeX. The editor is the screen's (math-popover.tsx: a field beside the formula
 * with a live preview), asked through `EditMath`.
 */

/** One formula being edited: what the screen's math editor shows and what it answers. */
export interface MathEdit {
  latex: string;
  displayMode: boolean;
  /** The formula on screen (the editor is placed beside it). */
  anchor: HTMLElement | null;
  /** Just inserted by the slash menu: cancelling removes it. */
  fresh: boolean;
  /** Puts the TeX in the formula (empty: removes the formula). */
  save: (latex: string) => void;
  /** Leaves the formula as it was (a fresh one is removed). */
  cancel: () => void;
}

/** Opens the screen's editor of a formula's TeX. */
export type EditMath = (edit: MathEdit) => void;

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    nexdocsMath: {
      /** Inserts an empty formula at the cursor, inline or as a block, and opens its editor. */
      insertMath: (kind: "inline" | "block") => ReturnType;
    };
  }
}

/** KaTeX never trusts its input (no \href, \includegraphics, \htmlData …) and is bounded. */
const KATEX_OPTIONS: KatexOptions = {
  trust: false,
  strict: "ignore",
  throwOnError: false,
  maxExpand: 200,
  maxSize: 20,
  output: "htmlAndMathml",
};

let katex: Promise<typeof import("katex").default> | null = null;
function loadKatex() {
  katex ??= Promise.all([import("katex"), import("katex/dist/katex.min.css")]).then(
    ([m]) => m.default,
  );
  return katex;
}

/** Draws TeX into `dom` with KaTeX (loaded on first use); the TeX as text until then. */
export function draw(dom: HTMLElement, latex: string, displayMode: boolean) {
  // The TeX as text until KaTeX has loaded (and if it cannot).
  dom.textContent = latex || "…";
  void loadKatex()
    .then((k) => k.render(latex || "\\square", dom, { ...KATEX_OPTIONS, displayMode }))
    .catch(() => undefined);
}

/** Where `node` is in the editor's document now (a node left untouched keeps its identity). */
function positionOf(editor: Editor, node: PmNode, hint: number | undefined): number | null {
  const { doc } = editor.state;
  if (hint !== undefined && hint <= doc.content.size && doc.nodeAt(hint) === node) return hint;
  return find(doc, node);
}

/**
 * Opens the screen's editor of the formula at `pos`. Saving puts the TeX in it wherever it is by
 * then; a formula changed or removed meanwhile is left alone. `insertedAt`: the formula was just
 * inserted (the slash menu), at that transaction's time — its TeX saved, or it removed, is then
 * part of that same change, so one undo takes the whole insertion back: prosemirror-history groups
 * an adjacent change made within its delay into the previous event, and the change is dated to
 * the insertion (Transaction.setTime) however long the person took to write the TeX.
 */
function openEditor(
  editor: Editor,
  pos: number,
  insertedAt: number | null,
  edit: EditMath | undefined,
) {
  const node = editor.state.doc.nodeAt(pos);
  if (!edit || !node || !editor.isEditable) return false;
  const displayMode = node.type.name === "blockMath";
  const withInsertion = (tr: Transaction) => {
    if (insertedAt !== null) tr.setTime(insertedAt);
  };
  const remove = (at: number) =>
    editor
      .chain()
      .focus()
      .command(({ tr }) => {
        withInsertion(tr);
        tr.delete(at, at + node.nodeSize);
        return true;
      })
      .run();
  edit({
    latex: String(node.attrs.latex ?? ""),
    displayMode,
    anchor: editor.view.nodeDOM(pos) as HTMLElement | null,
    fresh: insertedAt !== null,
    save: (latex) => {
      const at = positionOf(editor, node, pos);
      if (at === null) return;
      if (latex.trim() === "") {
        remove(at);
        return;
      }
      editor
        .chain()
        .focus()
        .command(({ tr }) => {
          withInsertion(tr);
          tr.setNodeMarkup(at, undefined, { ...node.attrs, latex });
          tr.setSelection(NodeSelection.create(tr.doc, at));
          return true;
        })
        .run();
    },
    cancel: () => {
      const at = positionOf(editor, node, pos);
      if (at === null) return;
      if (insertedAt !== null) remove(at);
      else editor.chain().focus().setNodeSelection(at).run();
    },
  });
  return true;
}

function mathView(displayMode: boolean, edit: EditMath | undefined): NodeViewRenderer {
  return ({ node, editor, getPos }) => {
    const dom = document.createElement(displayMode ? "div" : "span");
    dom.className = displayMode ? "nexdocs-math nexdocs-math-block" : "nexdocs-math";
    dom.setAttribute("data-type", displayMode ? "block-math" : "inline-math");
    dom.setAttribute("role", "button");
    dom.setAttribute("aria-label", `TeX: ${String(node.attrs.latex)}`);
    let latex = String(node.attrs.latex ?? "");
    draw(dom, latex, displayMode);
    const onClick = () => {
      const pos = typeof getPos === "function" ? getPos() : undefined;
      if (pos !== undefined) openEditor(editor, pos, null, edit);
    };
    dom.addEventListener("click", onClick);
    return {
      dom,
      update: (updated) => {
        if (updated.type !== node.type) return false;
        const nextLatex = String(updated.attrs.latex ?? "");
        if (nextLatex !== latex) {
          latex = nextLatex;
          dom.setAttribute("aria-label", `TeX: ${latex}`);
          draw(dom, latex, displayMode);
        }
        return true;
      },
      ignoreMutation: () => true,
      destroy: () => dom.removeEventListener("click", onClick),
    };
  };
}

/** Where `node` is in `doc`, or null. */
function find(doc: PmNode, node: PmNode): number | null {
  let found: number | null = null;
  doc.descendants((child, pos) => {
    if (found !== null) return false;
    if (child === node) found = pos;
    return found === null;
  });
  return found;
}

export function nexdocsMath(edit: EditMath | undefined) {
  const InlineMath = Node.create({
    name: "inlineMath",
    group: "inline",
    inline: true,
    atom: true,
    selectable: true,
    addAttributes() {
      return { latex: { default: "" } };
    },
    parseHTML() {
      return [
        {
          tag: 'span[data-type="inline-math"]',
          getAttrs: (el) => ({ latex: el.getAttribute("data-latex") ?? "" }),
        },
      ];
    },
    renderHTML({ node }) {
      const latex = String(node.attrs.latex ?? "");
      return ["span", { "data-type": "inline-math", "data-latex": latex }, `$${latex}$`];
    },
    renderText({ node }) {
      return `$${String(node.attrs.latex ?? "")}$`;
    },
    addNodeView() {
      return mathView(false, edit);
    },
    addInputRules() {
      return [
        new InputRule({
          // `$x^2$` just typed (no space inside the dollars; not "$5 and $").
          find: /(?:^|\s)(\$(?![\s$])([^$\n]+?)(?<!\s)\$)$/,
          handler: ({ state, range, match }) => {
            const latex = match[2] ?? "";
            const start = range.to - (match[1]?.length ?? 0);
            state.tr.replaceWith(start, range.to, this.type.create({ latex }));
          },
        }),
      ];
    },
    addKeyboardShortcuts() {
      return {
        // Enter on a selected formula opens its editor (the keyboard's way to what a click does).
        Enter: ({ editor }) => {
          const { selection } = editor.state;
          const node = selection instanceof NodeSelection ? selection.node : null;
          if (!node || (node.type.name !== "inlineMath" && node.type.name !== "blockMath"))
            return false;
          openEditor(editor, selection.from, null, edit);
          return true;
        },
      };
    },
    addCommands() {
      return {
        insertMath:
          (kind) =>
          ({ tr, dispatch, editor }) => {
            const type = editor.schema.nodes[kind === "inline" ? "inlineMath" : "blockMath"];
            if (!edit || !type) return false;
            if (!dispatch) return true;
            const node = type.create({ latex: "" });
            tr.replaceSelectionWith(node);
            const pos = find(tr.doc, node);
            if (pos === null) return false;
            tr.setSelection(NodeSelection.create(tr.doc, pos));
            const insertedAt = tr.time;
            // Its editor opens once the formula is in the document, after the frame in which
            // Tiptap's focus() gives the editor its focus (which would otherwise take it back).
            requestAnimationFrame(() => {
              const at = positionOf(editor, node, pos);
              if (at !== null) openEditor(editor, at, insertedAt, edit);
            });
            return true;
          },
      };
    },
  });

  const BlockMath = Node.create({
    name: "blockMath",
    group: "block",
    atom: true,
    selectable: true,
    addAttributes() {
      return { latex: { default: "" } };
    },
    parseHTML() {
      return [
        {
          tag: 'div[data-type="block-math"]',
          getAttrs: (el) => ({ latex: el.getAttribute("data-latex") ?? "" }),
        },
      ];
    },
    renderHTML({ node }) {
      const latex = String(node.attrs.latex ?? "");
      return ["div", { "data-type": "block-math", "data-latex": latex }, `$$${latex}$$`];
    },
    addNodeView() {
      return mathView(true, edit);
    },
    addInputRules() {
      return [
        new InputRule({
          // `$$x^2$$` typed as a line of its own.
          find: /^\$\$([^$]+)\$\$$/,
          handler: ({ state, range, match }) => {
            const $from = state.doc.resolve(range.from);
            const block = this.type.create({ latex: (match[1] ?? "").trim() });
            state.tr.replaceWith($from.before(), $from.after(), block);
          },
        }),
      ];
    },
  });

  return [InlineMath, BlockMath];
}
