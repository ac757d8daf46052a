import { DISCOVER_OFFLINE_EXPLANATION, DISCOVER_OFFLINE_LABEL } from "@nexus/contracts";
import { CloudOff } from "lucide-react";
import { useId } from "react";

/** Marks a feed of curated guides (no web search provider); hover or focus explains it. */
export function OfflineGuidesBadge() {
  const tipId = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        data-testid="discover-offline-badge"
        aria-describedby={tipId}
        className="inline-flex items-center gap-1 rounded-full border border-warning/40 bg-warning-soft px-2.5 py-1 text-xs font-medium text-warning focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <CloudOff className="size-3.5" aria-hidden="true" />
        {DISCOVER_OFFLINE_LABEL}
      </button>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full left-0 z-20 mt-1.5 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-surface p-2.5 text-xs text-muted opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {DISCOVER_OFFLINE_EXPLANATION}
      </span>
    </span>
  );
}
