import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { useT } from "@/lib/i18n/i18n.ts";

interface Heading {
  level: number;
  text: string;
  pos: number;
}

function headingsOf(editor: Editor): Heading[] {
  const out: Heading[] = [];
  editor.state.doc.descendants((node, pos) => {
    if (node.type.name === "heading") {
      out.push({ level: Number(node.attrs.level) || 1, text: node.textContent, pos });
      return false;
    }
    return node.type.name !== "table";
  });
  return out.filter((h) => h.text.trim() !== "");
}

/** The table of contents: the document's headings; choosing one moves the cursor there. */
export function Outline({ editor }: { editor: Editor }) {
  const t = useT();
  const headings = useEditorState({
    editor,
    selector: ({ editor: e }) => JSON.stringify(headingsOf(e)),
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

/** Words and characters of the document. */
export function WordCount({ editor }: { editor: Editor }) {
  const t = useT();
  const counts = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const storage = e.storage as unknown as {
        characterCount?: { words: () => number; characters: () => number };
      };
      return `${storage.characterCount?.words() ?? 0}:${storage.characterCount?.characters() ?? 0}`;
    },
  });
  const [words, characters] = counts.split(":").map(Number);
  return (
    <span data-testid="nexdocs-word-count">
      {t("nexdocs.words", { count: words ?? 0 })} ·{" "}
      {t("nexdocs.characters", { count: characters ?? 0 })}
    </span>
  );
}
