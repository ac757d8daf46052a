import { clsx } from "clsx";

/** A row of toggle buttons of which one is pressed (filters: categories, kinds). */
export function ToggleChips<T extends string>({
  label,
  options,
  value,
  onChange,
  testId,
  className,
}: {
  /** What the group chooses, for screen readers ("Categories"). */
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  testId?: string;
  /** Layout of the row (a phone's one scrolling line); wraps by default. */
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset
    <div
      role="group"
      aria-label={label}
      className={clsx("flex gap-2", className ?? "flex-wrap")}
      data-testid={testId}
    >
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(option.value)}
            className={clsx(
              "h-8 shrink-0 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              selected
                ? "border-accent bg-accent-soft text-accent-soft-fg"
                : "border-border bg-surface text-muted hover:bg-surface-2 hover:text-fg",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
