import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { t } from "@/lib/i18n/i18n.ts";

/**
 * "‹ 2/3 ›" under a reply that was regenerated or sent again edited: pages through its versions,
 * oldest first; the last is the current one (the one its thread goes on from).
 */
export function VersionPager({
  index,
  count,
  onChange,
}: {
  /** The version shown, 0-based. */
  index: number;
  count: number;
  onChange: (index: number) => void;
}) {
  if (count < 2) return null;
  return (
    <div className="flex items-center gap-0.5 text-sm text-muted" data-testid="version-pager">
      <Button
        variant="ghost"
        size="sm"
        aria-label={t("chat.previousVersion")}
        disabled={index === 0}
        onClick={() => onChange(index - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </Button>
      <span className="tabular-nums" aria-live="polite">
        <span aria-hidden="true">
          {index + 1}/{count}
        </span>
        <span className="sr-only">{t("chat.versionOf", { index: index + 1, count })}</span>
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t("chat.nextVersion")}
        disabled={index === count - 1}
        onClick={() => onChange(index + 1)}
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
