import type { Editor } from "@tiptap/core";
import type { Node as PmNode } from "@tiptap/pm/model";
import { useEditorState } from "@tiptap/react";
import { useEffect, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";

interface Heading {
  level: number;
  text: string;
  pos: number;
}

/**
 * The outline of a document, kept per document state (a selection moves without a new document;
 * a keystroke makes one): blocks are entered, text blocks other than headings are not (a 50-page
 * document's words are never walked for its outline).
 */
const outlines = new WeakMap<PmNode, string>();

function outlineOf(editor: Editor): string {
  const doc = editor.state.doc;
  const known = outlines.get(doc);
  if (known !== undefined) return known;
  const out: Heading[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === "heading") {
      if (node.textContent.trim() !== "")
        out.push({ level: Number(node.attrs.level) || 1, text: node.textContent, pos });
      return false;
    }
    return !node.isTextblock && node.type.name !== "table";
  });
  const json = JSON.stringify(out);
  outlines.set(doc, json);
  return json;
}

/** The table of contents: the document's headings; choosing one moves the cursor there. */
export function Outline({ editor }: { editor: Editor }) {
  const t = useT();
  const headings = useEditorState({
    editor,
    selector: ({ editor: e }) => outlineOf(e),
  });
  const list = JSON.parse(headings) as Heading[];
  return (
    <nav aria-label={t("nexdocs.outline")} data-testid="nexdocs-outline" className="text-sm">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-subtle uppercase">
        {t("nexdocs.outline")}
      </h2>
      {list.length === 0 ? (
        <p className="text-subtle">{t("nexdocs.outlineEmpty")}</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {list.map((h) => (
            <li key={h.pos} style={{ paddingInlineStart: `${(h.level - 1) * 0.75}rem` }}>
              <button
                type="button"
                className="w-full truncate rounded-md px-2 py-1 text-start text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => {
                  editor
                    .chain()
                    .focus()
                    .setTextSelection(h.pos + 1)
                    .scrollIntoView()
                    .run();
                }}
              >
                {h.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/** How long the count waits after the last change before counting again. */
const COUNT_IDLE_MS = 300;

/**
 * Words and characters of the document, counted when typing pauses (counting walks the whole
 * text: on every keystroke of a long document it would take the typing's time).
 */
export function WordCount({ editor }: { editor: Editor }) {
  const t = useT();
  const [counts, setCounts] = useState({ words: 0, characters: 0 });
  useEffect(() => {
    const count = () => {
      const storage = editor.storage as unknown as {
        characterCount?: { words: () => number; characters: () => number };
      };
      setCounts({
        words: storage.characterCount?.words() ?? 0,
        characters: storage.characterCount?.characters() ?? 0,
      });
    };
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(count, COUNT_IDLE_MS);
    };
    // Every change of the document, the person's and the screen's (a restore, their version).
    const changed = ({ transaction }: { transaction: { docChanged: boolean } }) => {
      if (transaction.docChanged) later();
    };
    count();
    editor.on("transaction", changed);
    return () => {
      editor.off("transaction", changed);
      if (timer) clearTimeout(timer);
    };
  }, [editor]);
  return (
    <span data-testid="nexdocs-word-count">
      {t("nexdocs.words", { count: counts.words })} ·{" "}
      {t("nexdocs.characters", { count: counts.characters })}
    </span>
  );
}
