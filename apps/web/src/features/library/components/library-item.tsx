import type { LibraryItem } from "@nexus/contracts";
import { BookmarkMinus } from "lucide-react";
import { Link } from "react-router";
import { AgentBadge } from "@/components/ui/agent-badge.tsx";
import { EntryMeta, type FocusModeDisplay } from "@/components/ui/entry-meta.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { kindBadge } from "@/lib/kind-labels.ts";

const FAVICONS_SHOWN = 4;

/**
 * A bookmarked answer (or agent reply): its question, the start of the answer, its sources; opens
 * its thread (an agent reply in its agent's chat).
 */
export function LibraryItemCard({
  item,
  focusModeDisplay,
  onRemove,
  now,
}: {
  item: LibraryItem;
  focusModeDisplay: FocusModeDisplay | undefined;
  onRemove: (item: LibraryItem) => void;
  now: Date;
}) {
  const t = useT();
  const badge = kindBadge(item);
  const domains = [...new Set(item.sources.map((source) => source.domain).filter(Boolean))];
  return (
    <li
      data-testid="library-item"
      className="relative flex items-start gap-3 rounded-2xl border border-border bg-surface p-4 shadow-xs transition-colors focus-within:border-accent/50 hover:border-accent/50 sm:p-5"
    >
      <div className="min-w-0 flex-1">
        <Link
          to={item.href}
          className="block rounded-md font-semibold break-words text-fg outline-offset-2 after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:text-accent"
        >
          {item.query}
        </Link>
        {item.preview ? (
          <p className="mt-1.5 line-clamp-3 text-sm break-words text-muted">{item.preview}</p>
        ) : null}
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-subtle">
          {badge ? (
            <AgentBadge
              name={badge}
              testId="library-item-agent"
              kind={item.kind}
              icon={item.icon}
            />
          ) : null}
          <EntryMeta
            focusMode={item.focusMode}
            focusModeDisplay={badge ? undefined : focusModeDisplay}
            timestamp={item.timestamp}
            now={now}
          />
          {item.sources.length > 0 ? (
            <span className="min-w-0 truncate" title={domains.join(", ")}>
              {t("library.sources", { count: item.sources.length })}
              {domains.length > 0
                ? ` · ${domains.slice(0, FAVICONS_SHOWN).join(", ")}${domains.length > FAVICONS_SHOWN ? "…" : ""}`
                : ""}
            </span>
          ) : null}
        </p>
      </div>
      <button
        type="button"
        onClick={() => onRemove(item)}
        aria-label={t("library.removeOf", { query: item.query })}
        title={t("library.remove")}
        className="relative z-10 shrink-0 rounded-lg p-2 text-subtle transition-colors hover:bg-surface-2 hover:text-fg"
      >
        <BookmarkMinus className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

export function LibraryItemSkeleton() {
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 sm:p-5"
      aria-hidden="true"
    >
      <div className="h-4 w-2/3 rounded-md bg-surface-2 motion-safe:animate-pulse" />
      <div className="h-3.5 w-full rounded-md bg-surface-2 motion-safe:animate-pulse" />
      <div className="h-3.5 w-5/6 rounded-md bg-surface-2 motion-safe:animate-pulse" />
      <div className="mt-1 h-3 w-40 rounded-md bg-surface-2 motion-safe:animate-pulse" />
    </li>
  );
}
