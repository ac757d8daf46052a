import type { NexdocsNode } from "@nexus/contracts";
import type { JSONContent } from "@tiptap/core";
import { useEditor } from "@tiptap/react";
import { useRef } from "react";
import { nexdocsExtensions } from "./extensions.ts";
import type { ImageUploads } from "./image.ts";
import type { EditMath } from "./math.ts";

/** Pixels from the scrolled column's edges the cursor stays within (the top: the sticky header). */
const SCROLL_EDGES = { top: 96, bottom: 24, left: 8, right: 8 };

/**
 * The Tiptap editor of one document. `onChange` hears every change the person makes (not the
 * content the screen sets: reloads and restores are applied without an update event), with the
 * content as a function: serialising a long document on every keystroke would cost the typing its
 * frame, so the function holds the document as it is after the change (ProseMirror's documents are
 * immutable: keeping one costs nothing) and serialises it only when it is saved;
 * `keyHandler` sees keys first (the slash menu's ↑/↓/Enter/Escape).
 */
export function useNexdocsEditor(options: {
  content: NexdocsNode;
  placeholder: string;
  label: string;
  onChange: (content: () => NexdocsNode) => void;
  /** Where inserted, pasted and dropped images are stored. */
  uploads?: ImageUploads;
  /** Opens the screen's editor of a formula's TeX (inserting or editing math). */
  editMath?: EditMath;
}) {
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;
  const keyHandler = useRef<(event: KeyboardEvent) => boolean>(() => false);
  const editor = useEditor({
    extensions: nexdocsExtensions(options.placeholder, options.uploads, options.editMath),
    content: options.content as JSONContent,
    editorProps: {
      attributes: {
        class: "nexdocs-prose",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": options.label,
        "data-testid": "nexdocs-editor",
        spellcheck: "true",
      },
      handleKeyDown: (_view, event) => keyHandler.current(event),
      // The workspace's sticky header covers the top of the scrolled column: the cursor (typing,
      // a heading chosen in the outline) is kept below it, not hidden under it.
      scrollThreshold: SCROLL_EDGES,
      scrollMargin: { ...SCROLL_EDGES, top: SCROLL_EDGES.top + 16 },
    },
    onUpdate: ({ editor: current }) => {
      const doc = current.state.doc;
      onChange.current(() => doc.toJSON() as NexdocsNode);
    },
  });
  return { editor, keyHandler };
}
