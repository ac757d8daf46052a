import * as RadixDialog from "@radix-ui/react-dialog";
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { Button } from "@/components/ui/button.tsx";
import { inputClasses } from "@/components/ui/text-field.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { draw, type EditMath, type MathEdit } from "./math.ts";

/**
 * The editor of a formula's TeX (issue 40), beside the formula: a field with a live KaTeX preview;
 * Enter saves, Escape cancels (a click elsewhere too), Tab reaches Save and Cancel. A non-modal
 * Radix dialog (focus moves into it and back to the document after; the page stays usable),
 * placed under the formula, or above it when there is no room, and kept inside a phone's width.
 */

const WIDTH = 352; // 22rem
const GAP = 8;

function placement(anchor: HTMLElement | null): { top: number; left: number } {
  const rect = anchor?.getBoundingClientRect();
  const width = Math.min(WIDTH, window.innerWidth - 2 * GAP);
  if (!rect || (rect.width === 0 && rect.height === 0))
    return { top: window.innerHeight / 3, left: (window.innerWidth - width) / 2 };
  const left = Math.max(GAP, Math.min(rect.left, window.innerWidth - width - GAP));
  const below = rect.bottom + GAP;
  // About the popover's height: above the formula when it would leave the screen below.
  const top = below + 220 > window.innerHeight && rect.top > 220 ? rect.top - 220 - GAP : below;
  return { top, left };
}

function MathPreview({ latex, displayMode }: { latex: string; displayMode: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) draw(ref.current, latex, displayMode);
  }, [latex, displayMode]);
  return (
    <div
      ref={ref}
      data-testid="nexdocs-math-preview"
      className="min-h-10 overflow-x-auto rounded-lg border border-border bg-surface-2 px-3 py-2 text-fg"
    />
  );
}

export function MathPopover({ edit, onDone }: { edit: MathEdit; onDone: () => void }) {
  const t = useT();
  const [latex, setLatex] = useState(edit.latex);
  const [position] = useState(() => placement(edit.anchor));
  const finished = useRef(false);
  const finish = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    onDone();
    if (save) edit.save(latex);
    else edit.cancel();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    finish(true);
  };
  return (
    <RadixDialog.Root open modal={false} onOpenChange={(open) => open || finish(false)}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          data-testid="nexdocs-math-editor"
          aria-describedby={undefined}
          // The document gets the focus back from save() and cancel() (not Radix's trigger).
          onCloseAutoFocus={(event) => event.preventDefault()}
          style={{ top: position.top, left: position.left }}
          className="fixed z-50 flex w-[min(22rem,calc(100vw-1rem))] flex-col gap-2 rounded-xl border border-border bg-surface p-3 text-fg shadow-xl"
        >
          <RadixDialog.Title className="text-sm font-medium">
            {edit.displayMode ? t("nexdocs.math.editBlock") : t("nexdocs.math.editInline")}
          </RadixDialog.Title>
          <input
            aria-label={t("nexdocs.math.field")}
            className={`${inputClasses} font-mono`}
            value={latex}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setLatex(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <MathPreview latex={latex} displayMode={edit.displayMode} />
          <p className="text-xs text-muted">{t("nexdocs.math.hint")}</p>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => finish(false)}>
              {t("nexdocs.math.cancel")}
            </Button>
            <Button size="sm" onClick={() => finish(true)}>
              {t("nexdocs.math.save")}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The screen's math editor: `editMath` for the editor, `popover` to render (null when closed). */
export function useMathPopover(): { editMath: EditMath; popover: ReactNode } {
  const [open, setOpen] = useState<{ edit: MathEdit; id: number } | null>(null);
  const opened = useRef(0);
  const editMath = useCallback<EditMath>((edit) => {
    opened.current += 1;
    setOpen({ edit, id: opened.current });
  }, []);
  const popover = open ? (
    <MathPopover key={open.id} edit={open.edit} onDone={() => setOpen(null)} />
  ) : null;
  return { editMath, popover };
}
