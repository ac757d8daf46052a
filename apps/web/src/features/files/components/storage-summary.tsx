import type { FileList } from "@nexus/contracts";
import { ProgressBar } from "@/components/ui/progress-bar.tsx";
import { formatLimit, formatNumber } from "@/lib/format.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { leftText } from "@/lib/quota-left.ts";
import { formatBytes } from "../lib/format-bytes.ts";

/** Storage used and the files added this month against the plan's limit. */
export function StorageSummary({ data }: { data: FileList }) {
  const { current, limit } = data.addFiles;
  // Files are an account's, counted by the month.
  const left = leftText(data.addFiles, "addFiles", "monthly");
  return (
    <div
      className="grid gap-4 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-2"
      data-testid="files-summary"
    >
      <div>
        <p className="text-sm text-muted">{t("files.storageUsed")}</p>
        <p className="mt-1 text-lg font-semibold">{formatBytes(data.storageUsed)}</p>
      </div>
      <div>
        <p className="text-sm text-muted">{t("files.addedThisMonth")}</p>
        <p className="mt-1 text-lg font-semibold" data-testid="files-added">
          {t("files.ofLimit", { current: formatNumber(current), limit: formatLimit(limit) })}
        </p>
        {limit > 0 ? (
          <ProgressBar
            value={current}
            max={limit}
            label={t("files.addedThisMonth")}
            className="mt-2"
          />
        ) : null}
        {left ? (
          <p
            className="mt-2 text-sm font-medium text-warning"
            data-testid="quota-left"
            data-counter="addFiles"
          >
            {left}
          </p>
        ) : null}
      </div>
    </div>
  );
}
