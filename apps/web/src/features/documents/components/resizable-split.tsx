import { type ReactNode, useRef, useState } from "react";
import { formatPercent } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useStoredState } from "@/lib/use-stored-state.ts";
import { clampSplit, parseSplit, splitAfterKey, splitAtPointer } from "../lib/split.ts";

/** Where the document workspace's divider was left (the viewer's share of the width). */
export const SPLIT_KEY = "nexus.document.split";

/**
 * The viewer and the chat side by side with a divider between them: drag it, or focus it and use
 * the arrow keys (Page Up/Down for bigger steps, Home/End for the ends, Enter for the default).
 * Its place is remembered (localStorage) for every document.
 */
export function ResizableSplit({ left, right }: { left: ReactNode; right: ReactNode }) {
  const t = useT();
  const row = useRef<HTMLDivElement>(null);
  const [stored, store] = useStoredState(SPLIT_KEY);
  const [dragging, setDragging] = useState<number | null>(null);
  const width = row.current?.clientWidth ?? 0;
  const fraction = clampSplit(dragging ?? parseSplit(stored), width);
  const percent = Math.round(fraction * 100);
  const save = (next: number) => store(String(Math.round(next * 1000) / 1000));
  const at = (clientX: number) => {
    const box = row.current?.getBoundingClientRect();
    return box ? splitAtPointer(clientX, box.left, box.width) : fraction;
  };
  return (
    <div
      ref={row}
      className="grid min-h-0 flex-1"
      style={{ gridTemplateColumns: `minmax(0, ${fraction}fr) auto minmax(0, ${1 - fraction}fr)` }}
      data-testid="document-split"
    >
      <div className="min-h-0 min-w-0 overflow-hidden">{left}</div>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable, movable separator (WAI-ARIA window splitter) has no HTML element */}
      <div
        role="separator"
        tabIndex={0}
        aria-orientation="vertical"
        aria-label={t("documents.split.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t("documents.split.value", { percent: formatPercent(percent / 100) })}
        data-testid="document-divider"
        className="group relative w-1.5 cursor-col-resize touch-none bg-border/60 transition-colors select-none hover:bg-accent/60 focus-visible:bg-accent focus-visible:outline-none data-[dragging]:bg-accent"
        data-dragging={dragging !== null ? "" : undefined}
        onKeyDown={(event) => {
          const next = splitAfterKey(fraction, event.key);
          if (next === null) return;
          event.preventDefault();
          save(clampSplit(next, width));
        }}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          setDragging(at(event.clientX));
        }}
        onPointerMove={(event) => {
          if (dragging !== null) setDragging(at(event.clientX));
        }}
        onPointerUp={(event) => {
          if (dragging === null) return;
          save(at(event.clientX));
          setDragging(null);
        }}
        onPointerCancel={() => setDragging(null)}
      >
        <span className="absolute inset-y-0 -right-1.5 -left-1.5" aria-hidden="true" />
      </div>
      {/* The chat scrolls in its own column: a long thread (and the room the pinned question
          leaves below it) never scrolls the page, which would take the document's bar away. */}
      <div className="flex min-h-0 min-w-0 flex-col overflow-x-hidden overflow-y-auto px-4">
        {right}
      </div>
    </div>
  );
}
