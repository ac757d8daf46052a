import { type Editor, InputRule, Node, type NodeViewRenderer } from "@tiptap/core";
import { NodeSelection } from "@tiptap/pm/state";
import type { KatexOptions } from "katex";

/**
 * Math (issue 40): TeX kept as written in a `latex` attribute, inline and as a block — the same
 * node types as the server's (nexdocs.math.ts: `$…$` and `$$…$$` in Markdown), drawn with
 * KaTeX, which is loaded the first time a formula is drawn (so the editor's chunk does not carry
 * it). Typing `$x^2$` makes inline math, `$$x^2$$` on a line of its own a block; the slash menu
 * inserts either; clicking a formula (or Enter on a selected one) edits its TeX.
 */

/** Asks for a formula's TeX (null: cancelled); the screen supplies it (translated). */
export type AskLatex = (current: string) => string | null;

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    nexdocsMath: {
      /** Asks for TeX and inserts it at the cursor, inline or as a block. */
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

function draw(dom: HTMLElement, latex: string, displayMode: boolean) {
  // The TeX as text until KaTeX has loaded (and if it cannot).
  dom.textContent = latex || "…";
  void loadKatex()
    .then((k) => k.render(latex || "\\square", dom, { ...KATEX_OPTIONS, displayMode }))
    .catch(() => undefined);
}

function mathView(displayMode: boolean, ask: AskLatex | undefined): NodeViewRenderer {
  return ({ node, editor, getPos }) => {
    const dom = document.createElement(displayMode ? "div" : "span");
    dom.className = displayMode ? "nexdocs-math nexdocs-math-block" : "nexdocs-math";
    dom.setAttribute("data-type", displayMode ? "block-math" : "inline-math");
    dom.setAttribute("role", "button");
    dom.setAttribute("aria-label", `TeX: ${String(node.attrs.latex)}`);
    let latex = String(node.attrs.latex ?? "");
    draw(dom, latex, displayMode);
    const edit = () => {
      const pos = typeof getPos === "function" ? getPos() : undefined;
      const next = ask?.(latex);
      if (next === null || next === undefined || pos === undefined || !editor.isEditable) return;
      editor
        .chain()
        .focus()
        .setNodeSelection(pos)
        .updateAttributes(node.type.name, { latex: next })
        .run();
    };
    dom.addEventListener("click", edit);
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
      destroy: () => dom.removeEventListener("click", edit),
    };
  };
}

function insertMath(editor: Editor, kind: "inline" | "block", ask: AskLatex | undefined) {
  const latex = ask?.("");
  if (!latex) return false;
  const type = kind === "inline" ? "inlineMath" : "blockMath";
  return editor.chain().focus().insertContent({ type, attrs: { latex } }).run();
}

export function nexdocsMath(ask: AskLatex | undefined) {
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
      return mathView(false, ask);
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
        // Enter on a selected formula edits its TeX (the keyboard's way to what a click does).
        Enter: ({ editor }) => {
          const { selection } = editor.state;
          const node = selection instanceof NodeSelection ? selection.node : null;
          if (!node || (node.type.name !== "inlineMath" && node.type.name !== "blockMath"))
            return false;
          const next = ask?.(String(node.attrs.latex ?? ""));
          if (next === null || next === undefined) return true;
          return editor.commands.updateAttributes(node.type.name, { latex: next });
        },
      };
    },
    addCommands() {
      return {
        insertMath:
          (kind) =>
          ({ editor }) =>
            insertMath(editor, kind, ask),
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
      return mathView(true, ask);
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
