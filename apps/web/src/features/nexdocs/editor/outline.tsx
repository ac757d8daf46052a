import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { useEffect, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { whenIdle } from "../lib/when-idle.ts";
import { headingAt, type OutlineHeading, outlineKey } from "./outline-state.ts";

const NO_HEADINGS: OutlineHeading[] = [];

/** React keys for the headings: text and level, numbered among equals (never positions). */
function keysOf(headings: OutlineHeading[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((h) => {
    const base = `${h.level}:${h.text}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}:${n}`;
  });
}

/**
 * The table of contents: the document's headings (the editor's outline state, which a keystroke
 * in a paragraph leaves as it was, so the list is not drawn again); choosing one moves the cursor
 * there.
 */
export function Outline({ editor }: { editor: Editor }) {
  const t = useT();
  const list = useEditorState({
    editor,
    selector: ({ editor: e }) => outlineKey.getState(e.state) ?? NO_HEADINGS,
    equalityFn: (a, b) => a === b,
  });
  const keys = keysOf(list);
  return (
    <nav aria-label={t("nexdocs.outline")} data-testid="nexdocs-outline" className="text-sm">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-subtle uppercase">
        {t("nexdocs.outline")}
      </h2>
      {list.length === 0 ? (
        <p className="text-subtle">{t("nexdocs.outlineEmpty")}</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {list.map((h, i) => (
            <li key={keys[i]} style={{ paddingInlineStart: `${(h.level - 1) * 0.75}rem` }}>
              <button
                type="button"
                className="w-full truncate rounded-md px-2 py-1 text-start text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                onClick={() => {
                  const pos = headingAt(editor.state.doc, i);
                  if (pos === null) return;
                  editor
                    .chain()
                    .focus()
                    .setTextSelection(pos + 1)
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
const COUNT_PAUSE_MS = 300;

/**
 * Words and characters of the document, counted when typing pauses and the page is idle
 * (counting walks the whole text: on a keystroke of a long document it would take the typing's
 * time).
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
    let cancelIdle: (() => void) | null = null;
    const stop = () => {
      if (timer) clearTimeout(timer);
      cancelIdle?.();
      timer = null;
      cancelIdle = null;
    };
    const later = () => {
      stop();
      timer = setTimeout(() => {
        timer = null;
        cancelIdle = whenIdle(count);
      }, COUNT_PAUSE_MS);
    };
    // Every change of the document, the person's and the screen's (a restore, their version).
    const changed = ({ transaction }: { transaction: { docChanged: boolean } }) => {
      if (transaction.docChanged) later();
    };
    count();
    editor.on("transaction", changed);
    return () => {
      editor.off("transaction", changed);
      stop();
    };
  }, [editor]);
  return (
    <span data-testid="nexdocs-word-count">
      {t("nexdocs.words", { count: counts.words })} ·{" "}
      {t("nexdocs.characters", { count: counts.characters })}
    </span>
  );
}
