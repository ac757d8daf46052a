import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** Another tab saved first: reload their version, or keep this tab's as a new version on top. */
export function ConflictBanner({
  onReloadTheirs,
  onKeepMine,
}: {
  onReloadTheirs: () => void;
  onKeepMine: () => void;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      data-testid="nexdocs-conflict"
      className="flex flex-wrap items-center gap-3 border-b border-warning/30 bg-warning-soft px-4 py-3 text-sm text-warning"
    >
      <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-fg">{t("nexdocs.conflict")}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onReloadTheirs}>
          {t("nexdocs.conflictReload")}
        </Button>
        <Button size="sm" onClick={onKeepMine}>
          {t("nexdocs.conflictKeep")}
        </Button>
      </div>
    </div>
  );
}
