import type { FocusMode } from "@nexus/contracts";
import { clsx } from "clsx";
import { Check, ChevronDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { FOCUS_MODE_OPTIONS, focusModeOption } from "../lib/focus-modes.ts";

/**
 * Where the answer looks, as one compact chip beside the question box (Perplexity's): it shows
 * the chosen mode and opens the six modes as a small radio list. Escape, a choice or a click
 * outside closes it; arrow keys move between the modes. `lockedReason`: the mode is fixed for now
 * (files attached: Local), the chip says why and does not open.
 */
export function FocusChip({
  value,
  onChange,
  lockedReason = null,
}: {
  value: FocusMode;
  onChange: (mode: FocusMode) => void;
  lockedReason?: string | null;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const options = useRef<Array<HTMLButtonElement | null>>([]);
  const current = focusModeOption(value) ?? FOCUS_MODE_OPTIONS[0];

  const locked = lockedReason !== null;
  useEffect(() => {
    if (locked) setOpen(false);
  }, [locked]);
  useEffect(() => {
    if (!open) return;
    const selected = FOCUS_MODE_OPTIONS.findIndex((option) => option.value === value);
    options.current[Math.max(selected, 0)]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, value]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const choose = (mode: FocusMode) => {
    onChange(mode);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const focused = options.current.findIndex(
      (option) => option !== null && option === document.activeElement,
    );
    const next = (focused + step + FOCUS_MODE_OPTIONS.length) % FOCUS_MODE_OPTIONS.length;
    options.current[next]?.focus();
  };
  if (!current) return null;
  const Icon = current.icon;

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t("home.focusIs", { mode: t(`focus.label.${current.value}`) })}
        data-testid="focus-chip"
        disabled={locked}
        title={lockedReason ?? undefined}
        onClick={() => setOpen((value) => !value)}
        className={clsx(
          "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          value === "web"
            ? "border-border bg-surface text-muted hover:bg-surface-2 hover:text-fg"
            : "border-accent/50 bg-accent-soft text-accent-soft-fg",
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
        {t(`focus.label.${current.value}`)}
        {locked ? null : <ChevronDown className="size-3.5" aria-hidden="true" />}
      </button>
      {open ? (
        <div
          id={listId}
          role="radiogroup"
          aria-label={t("home.focus")}
          onKeyDown={onKeyDown}
          className="absolute top-full left-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-surface p-1.5 shadow-xl"
        >
          {FOCUS_MODE_OPTIONS.map((option, index) => {
            const OptionIcon = option.icon;
            const selected = option.value === value;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a visible button per mode, as ChoiceGroup
              <button
                key={option.value}
                ref={(element) => {
                  options.current[index] = element;
                }}
                type="button"
                role="radio"
                aria-checked={selected}
                data-testid={`focus-${option.value}`}
                onClick={() => choose(option.value)}
                className="flex w-full items-start gap-2.5 rounded-lg px-2.5 py-2 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <OptionIcon
                  className={clsx(
                    "mt-0.5 size-4 shrink-0",
                    selected ? "text-accent" : "text-subtle",
                  )}
                  aria-hidden="true"
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-fg">
                    {t(`focus.label.${option.value}`)}
                  </span>
                  <span className="block text-xs text-muted">
                    {t(`focus.hint.${option.value}`)}
                  </span>
                </span>
                {selected ? (
                  <Check className="mt-0.5 size-4 text-accent" aria-hidden="true" />
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
