import type { Editor } from "@tiptap/core";
import { clsx } from "clsx";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { SLASH_ITEMS, type SlashItem, slashQueryAt } from "./slash-items.ts";

interface SlashState {
  query: string;
  from: number;
  to: number;
  top: number;
  left: number;
}

/**
 * The slash menu: typing "/" at the start of a line or after a space opens a list of blocks,
 * filtered by what follows; ↑/↓ choose, Enter or Tab apply, Escape closes. Returns the menu and the
 * key handler the editor calls first (true: the menu took the key).
 */
export function useSlashMenu(editor: Editor | null) {
  const t = useT();
  const [state, setState] = useState<SlashState | null>(null);
  // The highlighted item, for the query it was chosen under (a new query starts at the top).
  const [chosen, setChosen] = useState({ query: "", index: 0 });
  const dismissed = useRef<number | null>(null);

  // Whether the menu is open: a keystroke with no "/" typed sets no state (nothing is drawn).
  const open = useRef(false);

  useEffect(() => {
    if (!editor) return;
    const update = () => {
      const at = slashQueryAt(editor);
      if (!at || dismissed.current === at.from) {
        if (!at) dismissed.current = null;
        if (open.current) setState(null);
        open.current = false;
        return;
      }
      const coords = editor.view.coordsAtPos(at.from);
      open.current = true;
      setState({ ...at, top: coords.bottom + 6, left: coords.left });
    };
    editor.on("transaction", update);
    return () => {
      editor.off("transaction", update);
    };
  }, [editor]);

  const items = useMemo(() => {
    if (!state) return [];
    const q = state.query.toLowerCase();
    return SLASH_ITEMS.filter(
      (item) => !q || t(item.label).toLowerCase().includes(q) || item.keywords.includes(q),
    );
  }, [state, t]);

  const active = state && chosen.query === state.query ? chosen.index : 0;
  const setActive = (index: number) => setChosen({ query: state?.query ?? "", index });

  const apply = useCallback(
    (item: SlashItem) => {
      if (!editor || !state) return;
      item.run(editor.chain().focus().deleteRange({ from: state.from, to: state.to })).run();
      open.current = false;
      setState(null);
    },
    [editor, state],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent): boolean => {
      if (!state) return false;
      if (event.key === "Escape") {
        dismissed.current = state.from;
        open.current = false;
        setState(null);
        return true;
      }
      if (items.length === 0) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        const step = event.key === "ArrowDown" ? 1 : -1;
        setChosen({ query: state.query, index: (active + step + items.length) % items.length });
        return true;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        const item = items[active];
        if (item) apply(item);
        return true;
      }
      return false;
    },
    [state, items, active, apply],
  );

  const menu =
    state && items.length > 0 ? (
      <div
        role="listbox"
        aria-label={t("nexdocs.slash.label")}
        data-testid="nexdocs-slash-menu"
        className="fixed z-40 max-h-72 w-64 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-border bg-surface p-1 shadow-lg"
        style={{
          top: Math.min(state.top, window.innerHeight - 300),
          left: Math.max(8, Math.min(state.left, window.innerWidth - 264)),
        }}
      >
        {items.map((item, i) => {
          const Icon = item.icon;
          return (
            <button
              key={item.id}
              type="button"
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              onMouseDown={(event) => {
                event.preventDefault();
                apply(item);
              }}
              onMouseEnter={() => setActive(i)}
              className={clsx(
                "flex w-full items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-start text-sm",
                i === active ? "bg-accent-soft text-accent-soft-fg" : "text-fg",
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {t(item.label)}
            </button>
          );
        })}
      </div>
    ) : null;

  return { menu, onKeyDown };
}
