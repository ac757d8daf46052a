import { Table2 } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { useExtractions } from "../api/extractions.ts";

/** The person's extractions, newest first, each opening its table. */
export function PastExtractions() {
  const t = useT();
  const list = useExtractions();
  if (list.isPending) return <Spinner />;
  if (list.isError)
    return (
      <LoadError
        what={t("extraction.loadList")}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  if (list.data.items.length === 0)
    return <EmptyState icon={Table2} title={t("extraction.past.empty")} />;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-xl border border-border bg-surface">
      {list.data.items.map((x) => (
        <li key={x.id}>
          <Link
            to={paths.app.extraction.href(x.id)}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-surface-2 focus-visible:outline-2"
          >
            <span className="min-w-0 truncate font-medium">
              <bdi>{x.title}</bdi>
            </span>
            <span className="text-sm text-muted">
              {t(`extraction.status.${x.status}` as MessageId)} ·{" "}
              {t("extraction.past.rows", { done: x.rowsDone, total: x.rowCount })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
