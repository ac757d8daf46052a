import type { FileList } from "@nexus/contracts";
import { ProgressBar } from "@/components/ui/progress-bar.tsx";
import { formatLimit, formatNumber } from "@/lib/format.ts";
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
        <p className="text-sm text-muted">Storage used</p>
        <p className="mt-1 text-lg font-semibold">{formatBytes(data.storageUsed)}</p>
      </div>
      <div>
        <p className="text-sm text-muted">Files added this month</p>
        <p className="mt-1 text-lg font-semibold" data-testid="files-added">
          {formatNumber(current)} of {formatLimit(limit)}
        </p>
        {limit > 0 ? (
          <ProgressBar
            value={current}
            max={limit}
            label="Files added this month"
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
