import type { FocusMode } from "@nexus/contracts";
import { clsx } from "clsx";
import { ChoiceGroup } from "@/components/ui/choice-group.tsx";
import { FOCUS_MODE_OPTIONS } from "../lib/focus-modes.ts";

const CHOICES = FOCUS_MODE_OPTIONS.map((option) => ({
  value: option.value,
  label: `${option.label}: ${option.description}`,
  render: (selected: boolean) => {
    const Icon = option.icon;
    return (
      <span className="flex min-w-0 items-start gap-2 text-left">
        <Icon
          className={clsx("mt-0.5 size-4 shrink-0", selected ? "text-accent" : "text-subtle")}
          aria-hidden="true"
        />
        <span className="min-w-0">
          <span className="block text-sm font-medium text-fg">{option.label}</span>
          <span className="block text-xs text-muted">{option.description}</span>
        </span>
      </span>
    );
  },
}));

/** Where the answer looks: the six focus modes as a radio group of small cards. */
export function FocusSelector({
  value,
  onChange,
}: {
  value: FocusMode;
  onChange: (mode: FocusMode) => void;
}) {
  return (
    <ChoiceGroup
      label="Focus"
      value={value}
      options={CHOICES}
      onChange={onChange}
      testIdPrefix="focus-"
      className="grid grid-cols-2 gap-2 sm:grid-cols-3"
      optionClassName={(selected) =>
        clsx(
          "rounded-xl border px-3 py-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          selected
            ? "border-accent/60 bg-accent-soft"
            : "border-border bg-surface hover:bg-surface-2",
        )
      }
    />
  );
}
