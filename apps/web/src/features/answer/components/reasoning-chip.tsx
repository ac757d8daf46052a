import { clsx } from "clsx";
import { Brain } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";

/** The reasoning switch as a chip beside the focus chip: the model thinks step by step first. */
export function ReasoningChip({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-testid="reasoning-switch"
      title={t("home.reasoningHint")}
      onClick={() => onChange(!checked)}
      className={clsx(
        "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        checked
          ? "border-accent/50 bg-accent-soft text-accent-soft-fg"
          : "border-border bg-surface text-muted hover:bg-surface-2 hover:text-fg",
      )}
    >
      <Brain className="size-4" aria-hidden="true" />
      {t("home.reasoning")}
      <span
        aria-hidden="true"
        className={clsx(
          "ml-0.5 inline-block size-2 rounded-full",
          checked ? "bg-accent" : "bg-border",
        )}
      />
    </button>
  );
}
