import { clsx } from "clsx";
import { Brain } from "lucide-react";
import { useId } from "react";

/** The "Reasoning" switch: the model thinks step by step first (slower, shown in a panel). */
export function ReasoningSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hintId}
        data-testid="reasoning-switch"
        onClick={() => onChange(!checked)}
        className="group inline-flex items-center gap-2 rounded-full py-1 pr-1 text-sm font-medium text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Brain className="size-4 text-subtle" aria-hidden="true" />
        Reasoning
        <span
          aria-hidden="true"
          className={clsx(
            "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border transition-colors",
            checked ? "border-accent bg-accent" : "border-border bg-surface-2",
          )}
        >
          <span
            className={clsx(
              "inline-block size-4 rounded-full bg-surface shadow transition-transform",
              checked ? "translate-x-4" : "translate-x-0.5",
            )}
          />
        </span>
      </button>
      <span id={hintId} className="text-xs text-muted">
        Think step by step first
      </span>
    </div>
  );
}
