import {
  ADMIN_SEARCH_MAX,
  type AdminLead,
  LEAD_STATUSES,
  leadStatusSchema,
} from "@nexus/contracts";
import { Inbox, SearchX } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { LoadMore } from "@/components/ui/load-more.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";
import { uniqueBy } from "@/lib/unique-by.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { leadsCsvHref, useLeads } from "../api/get-leads.ts";
import { CsvLink, EmptyList, LoadingRows, Toolbar } from "./admin-list-states.tsx";
import { LeadDetailDialog } from "./lead-detail-dialog.tsx";
import { LeadStatusBadge, leadStatusLabel } from "./lead-status-badge.tsx";

const statusOptions = () => LEAD_STATUSES.map((s) => ({ value: s, label: leadStatusLabel(s) }));

function LeadRow({ lead, onOpen, now }: { lead: AdminLead; onOpen: () => void; now: Date }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-testid="lead-row"
        data-lead-id={lead.id}
        className="flex w-full flex-col gap-1 rounded-xl border border-border bg-surface px-4 py-3 text-left shadow-xs transition-colors hover:border-accent/50 sm:flex-row sm:items-center sm:gap-4"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">
            {lead.fullName}
            {lead.company ? (
              <span className="font-normal text-muted"> · {lead.company}</span>
            ) : null}
          </span>
          <span className="block truncate text-sm text-muted">{lead.email}</span>
        </span>
        <span className="flex items-center gap-3">
          <LeadStatusBadge status={lead.status} testId="lead-row-status" />
          <time dateTime={lead.timestamp} className="text-xs whitespace-nowrap text-subtle">
            {formatRelativeTime(lead.timestamp, now)}
          </time>
        </span>
      </button>
    </li>
  );
}

/** The leads inbox: newest first, filter by status, search, open one, export CSV. */
export function LeadsSection() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const parsedStatus = leadStatusSchema.safeParse(params.get("status"));
  const status = parsedStatus.success ? parsedStatus.data : "";
  const filter = { status, q };
  const leads = useLeads(filter);
  const items = useMemo(
    () => uniqueBy(leads.data?.pages.flatMap((p) => p.items) ?? [], (l) => l.id),
    [leads.data],
  );
  const now = useMemo(
    () => (leads.dataUpdatedAt ? new Date(leads.dataUpdatedAt) : new Date()),
    [leads.dataUpdatedAt],
  );
  const openId = params.get("lead");

  const setParam = (key: string, value: string | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key !== "lead" },
    );

  let body: ReactNode;
  if (leads.isPending) body = <LoadingRows testId="leads-loading" />;
  else if (leads.isError && items.length === 0)
    body = (
      <LoadError
        what={t("admin.leads.what")}
        error={leads.error}
        onRetry={() => void leads.refetch()}
      />
    );
  else if (items.length === 0)
    body =
      q || status ? (
        <EmptyList
          icon={SearchX}
          title={t("admin.leads.noMatchTitle")}
          description={t("admin.leads.noMatchText")}
          testId="leads-no-results"
          action={
            <Button
              variant="outline"
              onClick={() => {
                setSearch("");
                setParam("status", null);
              }}
            >
              {t("admin.clearFilters")}
            </Button>
          }
        />
      ) : (
        <EmptyList
          icon={Inbox}
          title={t("admin.leads.emptyTitle")}
          description={t("admin.leads.emptyText")}
          testId="leads-empty"
        />
      );
  else
    body = (
      <>
        <ul className="flex flex-col gap-2" data-testid="leads-list">
          {items.map((lead) => (
            <LeadRow key={lead.id} lead={lead} now={now} onOpen={() => setParam("lead", lead.id)} />
          ))}
        </ul>
        <LoadMore
          hasMore={leads.hasNextPage}
          loading={leads.isFetchingNextPage}
          onLoadMore={() => void leads.fetchNextPage()}
        />
      </>
    );

  return (
    <div className="flex flex-col gap-5">
      <Toolbar>
        <SearchInput
          label={t("admin.leads.search")}
          placeholder={t("admin.leads.searchPlaceholder")}
          value={search}
          onChange={setSearch}
          maxLength={ADMIN_SEARCH_MAX}
          busy={leads.isFetching && !leads.isFetchingNextPage}
          className="sm:min-w-64 sm:flex-1"
        />
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <SelectField
            label={t("admin.leads.status")}
            hideLabel
            placeholder={t("admin.leads.allStatuses")}
            options={statusOptions()}
            value={status}
            onChange={(e) => setParam("status", e.target.value || null)}
            className="sm:w-44"
            data-testid="leads-status-filter"
          />
          <CsvLink href={leadsCsvHref(filter)} label={t("admin.exportCsv")} testId="leads-csv" />
        </div>
      </Toolbar>
      {body}
      <LeadDetailDialog
        leadId={openId}
        fallback={items.find((l) => l.id === openId)}
        onClose={() => setParam("lead", null)}
      />
    </div>
  );
}
