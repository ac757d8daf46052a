import { MessageSquareQuote, Sparkles } from "lucide-react";
import { type RefObject, useEffect, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { tidySelection } from "../lib/selection-chat.ts";

/**
 * Text selected in the viewer (a PDF's text layer, a slide, a sheet, a chapter) offers "Ask about
 * this" and "Quote in chat" in a small bar above the selection. The bar's buttons keep the
 * selection (no focus steal on press); Escape or a click elsewhere hides it.
 */
export function SelectionActions({
  scope,
  onAsk,
  onQuote,
}: {
  scope: RefObject<HTMLElement | null>;
  onAsk: (text: string) => void;
  onQuote: (text: string) => void;
}) {
  const t = useT();
  const [shown, setShown] = useState<{ text: string; top: number; left: number } | null>(null);
  useEffect(() => {
    const update = () => {
      const root = scope.current;
      const selection = document.getSelection();
      const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
      const text = range ? tidySelection(selection?.toString() ?? "") : "";
      if (!root || !range || !text || !root.contains(range.commonAncestorContainer)) {
        setShown(null);
        return;
      }
      const box = range.getBoundingClientRect();
      const frame = root.getBoundingClientRect();
      setShown({
        text,
        top: Math.max(frame.top + 4, box.top - 44),
        left: Math.min(Math.max(frame.left + 4, box.left + box.width / 2 - 120), frame.right - 244),
      });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the selection settles (a drag, a double click, Shift+arrows).
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(update, 120);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setShown(null);
    };
    document.addEventListener("selectionchange", later);
    window.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("selectionchange", later);
      window.removeEventListener("keydown", onKey);
    };
  }, [scope]);
  if (!shown) return null;
  const act = (run: (text: string) => void) => () => {
    run(shown.text);
    document.getSelection()?.removeAllRanges();
    setShown(null);
  };
  return (
    <div
      role="toolbar"
      aria-label={t("documents.selection.region")}
      data-testid="selection-actions"
      className="fixed z-40 flex items-center gap-1 rounded-lg border border-border bg-surface p-1 text-sm text-fg shadow-lg"
      style={{ top: shown.top, left: shown.left }}
    >
      <button
        type="button"
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
        onMouseDown={(e) => e.preventDefault()}
        onClick={act(onAsk)}
      >
        <Sparkles className="size-4 text-accent" aria-hidden="true" />
        {t("documents.selection.ask")}
      </button>
      <button
        type="button"
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
        onMouseDown={(e) => e.preventDefault()}
        onClick={act(onQuote)}
      >
        <MessageSquareQuote className="size-4" aria-hidden="true" />
        {t("documents.selection.quote")}
      </button>
    </div>
  );
}
