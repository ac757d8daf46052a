import { Extension } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { AddMarkStep, RemoveMarkStep, ReplaceStep } from "@tiptap/pm/transform";

/** One entry of the outline: a heading's level and text (no position: see `headingAt`). */
export interface OutlineHeading {
  level: number;
  text: string;
}

export const outlineKey = new PluginKey<OutlineHeading[]>("nexdocsOutline");

/**
 * The headings of `doc`, with their positions: blocks are entered, text blocks other than headings
 * are not (a 50-page document's words are never walked), nor are tables.
 */
function walkHeadings(doc: PmNode, visit: (heading: OutlineHeading, pos: number) => void) {
  doc.descendants((node, pos) => {
    if (node.type.name === "heading") {
      if (node.textContent.trim() !== "")
        visit({ level: Number(node.attrs.level) || 1, text: node.textContent }, pos);
      return false;
    }
    return !node.isTextblock && node.type.name !== "table";
  });
}

export function headingsOf(doc: PmNode): OutlineHeading[] {
  const out: OutlineHeading[] = [];
  walkHeadings(doc, (heading) => out.push(heading));
  return out;
}

/** Where the outline's `index`th heading is now (the outline keeps no positions), or null. */
export function headingAt(doc: PmNode, index: number): number | null {
  let found: number | null = null;
  let i = 0;
  walkHeadings(doc, (_heading, pos) => {
    if (i++ === index) found = pos;
  });
  return found;
}

/** `from`…`to` lies inside one text block that is not a heading (a paragraph, a list item's …). */
function insideBodyText(doc: PmNode, from: number, to: number): boolean {
  const $from = doc.resolve(from);
  return $from.parent.isTextblock && $from.parent.type.name !== "heading" && to <= $from.end();
}

/**
 * Whether a change can have changed the outline, from the ranges it touched (never walking the
 * document): a keystroke inside a paragraph cannot; typing in a heading, splitting or joining
 * blocks, pasting blocks, a block type changed or anything else unusual can. Marks leave the text
 * as it was.
 */
export function mayChangeOutline(tr: Transaction): boolean {
  for (let i = 0; i < tr.steps.length; i++) {
    const step = tr.steps[i];
    if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) continue;
    const before = tr.docs[i];
    const after = tr.docs[i + 1] ?? tr.doc;
    if (!(step instanceof ReplaceStep) || !before) return true;
    let touched = false;
    step.getMap().forEach((oldStart, oldEnd, newStart, newEnd) => {
      touched ||=
        !insideBodyText(before, oldStart, oldEnd) || !insideBodyText(after, newStart, newEnd);
    });
    if (touched) return true;
  }
  return false;
}

function sameHeadings(a: OutlineHeading[], b: OutlineHeading[]): boolean {
  return (
    a.length === b.length && a.every((h, i) => h.level === b[i]?.level && h.text === b[i]?.text)
  );
}

/**
 * The outline as editor state, derived from each change's ranges: a keystroke in a paragraph
 * keeps the same list (the same object, so nothing that shows it draws again); a change that may
 * touch a heading walks the blocks again.
 */
export const OutlineState = Extension.create({
  name: "nexdocsOutline",
  addProseMirrorPlugins() {
    return [
      new Plugin<OutlineHeading[]>({
        key: outlineKey,
        state: {
          init: (_config, state) => headingsOf(state.doc),
          apply: (tr, value, _old, state) => {
            if (!tr.docChanged || !mayChangeOutline(tr)) return value;
            const next = headingsOf(state.doc);
            return sameHeadings(value, next) ? value : next;
          },
        },
      }),
    ];
  },
});
