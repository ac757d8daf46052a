import { clsx } from "clsx";
import { CloudOff } from "lucide-react";
import { useId } from "react";
import { useT } from "@/lib/i18n/i18n.ts";

/**
 * Marks what the product made without a configured service (by default an answer of the offline
 * engine: "Offline mode", contracts' OFFLINE_MODE_LABEL as the spec strings carry it, in the
 * interface's language; also a feed of built-in guides); hover or keyboard focus explains it.
 */
export function OfflineBadge({
  label,
  explanation,
  testId = "offline-badge",
  size = "sm",
}: {
  label?: string;
  explanation?: string;
  testId?: string;
  size?: "sm" | "md";
}) {
  const t = useT();
  const tipId = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        data-testid={testId}
        aria-describedby={tipId}
        className={clsx(
          "inline-flex items-center gap-1 rounded-full border border-warning/40 bg-warning-soft text-xs font-medium text-warning focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          size === "sm" ? "px-2 py-0.5" : "px-2.5 py-1",
        )}
      >
        <CloudOff className="size-3.5" aria-hidden="true" />
        {label ?? t("spec.offlineMode")}
      </button>
      <span
        id={tipId}
        role="tooltip"
        className={clsx(
          "pointer-events-none invisible absolute top-full start-0 z-20 mt-1.5 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-surface p-2.5 text-xs text-muted opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100",
          size === "sm" ? "w-64" : "w-72",
        )}
      >
        {explanation ?? t("spec.offlineModeExplanation")}
      </span>
    </span>
  );
}
