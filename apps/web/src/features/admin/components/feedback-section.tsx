import { type AdminFeedbackItem, FEEDBACK_TYPES } from "@nexus/contracts";
import { MessageSquareText, SearchX, ThumbsDown, ThumbsUp } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { LoadMore } from "@/components/ui/load-more.tsx";
import { SelectField } from "@/components/ui/select-field.tsx";
import { type MessageId, t, useT } from "@/lib/i18n/i18n.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";
import { uniqueBy } from "@/lib/unique-by.ts";
import { feedbackCsvHref, useAdminFeedback } from "../api/get-admin-feedback.ts";
import { CsvLink, EmptyList, LoadingRows, Toolbar } from "./admin-list-states.tsx";

const ratingOptions = () => [
  { value: "up", label: t("admin.feedback.helpful") },
  { value: "down", label: t("admin.feedback.notHelpful") },
];
const typeLabel = (type: (typeof FEEDBACK_TYPES)[number]) =>
  t(`admin.feedback.type.${type}` as MessageId);
const typeOptions = () => FEEDBACK_TYPES.map((type) => ({ value: type, label: typeLabel(type) }));

function FeedbackRow({ item, now }: { item: AdminFeedbackItem; now: Date }) {
  const t = useT();
  const up = item.rating === "up";
  const Icon = up ? ThumbsUp : ThumbsDown;
  return (
    <li
      data-testid="feedback-row"
      className="rounded-xl border border-border bg-surface px-4 py-3 shadow-xs"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span
          className={
            up ? "flex items-center gap-1 text-success" : "flex items-center gap-1 text-danger"
          }
        >
          <Icon className="size-4" aria-hidden="true" />
          {up ? t("admin.feedback.helpful") : t("admin.feedback.notHelpful")}
        </span>
        {item.feedbackType ? (
          <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs">
            {typeLabel(item.feedbackType)}
          </span>
        ) : null}
        <span className="min-w-0 truncate text-muted">{item.from}</span>
        <time dateTime={item.timestamp} className="ml-auto text-xs text-subtle">
          {formatRelativeTime(item.timestamp, now)}
        </time>
      </div>
      {item.feedbackText ? (
        <p className="mt-2 text-sm break-words whitespace-pre-wrap">{item.feedbackText}</p>
      ) : null}
      {item.query ? (
        <p className="mt-2 truncate text-sm font-medium" title={item.query}>
          {t("admin.feedback.query", { query: item.query })}
        </p>
      ) : null}
      {item.answerExcerpt ? (
        <p className="mt-1 line-clamp-2 text-sm text-muted">{item.answerExcerpt}</p>
      ) : null}
    </li>
  );
}

/** Ratings of answers, newest first, filtered by rating and type, with a CSV export. */
export function FeedbackSection() {
  const t = useT();
  const [rating, setRating] = useState("");
  const [type, setType] = useState("");
  const filter = { rating, type };
  const feedback = useAdminFeedback(filter);
  const items = useMemo(
    () => uniqueBy(feedback.data?.pages.flatMap((p) => p.items) ?? [], (f) => f.id),
    [feedback.data],
  );
  const now = useMemo(
    () => (feedback.dataUpdatedAt ? new Date(feedback.dataUpdatedAt) : new Date()),
    [feedback.dataUpdatedAt],
  );

  let body: ReactNode;
  if (feedback.isPending) body = <LoadingRows testId="feedback-loading" />;
  else if (feedback.isError && items.length === 0)
    body = (
      <LoadError
        what={t("admin.feedback.what")}
        error={feedback.error}
        onRetry={() => void feedback.refetch()}
      />
    );
  else if (items.length === 0)
    body =
      rating || type ? (
        <EmptyList
          icon={SearchX}
          title={t("admin.feedback.noMatchTitle")}
          description={t("admin.feedback.noMatchText")}
          action={
            <Button
              variant="outline"
              onClick={() => {
                setRating("");
                setType("");
              }}
            >
              {t("admin.clearFilters")}
            </Button>
          }
        />
      ) : (
        <EmptyList
          icon={MessageSquareText}
          title={t("admin.feedback.emptyTitle")}
          description={t("admin.feedback.emptyText")}
          testId="feedback-empty"
        />
      );
  else
    body = (
      <>
        <ul className="flex flex-col gap-2" data-testid="feedback-list">
          {items.map((item) => (
            <FeedbackRow key={item.id} item={item} now={now} />
          ))}
        </ul>
        <LoadMore
          hasMore={feedback.hasNextPage}
          loading={feedback.isFetchingNextPage}
          onLoadMore={() => void feedback.fetchNextPage()}
        />
      </>
    );

  return (
    <div className="flex flex-col gap-5">
      <Toolbar>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <SelectField
            label={t("admin.feedback.rating")}
            placeholder={t("admin.feedback.allRatings")}
            options={ratingOptions()}
            value={rating}
            onChange={(e) => setRating(e.target.value)}
            className="sm:w-44"
            data-testid="feedback-rating-filter"
          />
          <SelectField
            label={t("admin.feedback.reason")}
            placeholder={t("admin.feedback.allReasons")}
            options={typeOptions()}
            value={type}
            onChange={(e) => setType(e.target.value)}
            className="sm:w-44"
            data-testid="feedback-type-filter"
          />
        </div>
        <div className="sm:ml-auto">
          <CsvLink
            href={feedbackCsvHref(filter)}
            label={t("admin.exportCsv")}
            testId="feedback-csv"
          />
        </div>
      </Toolbar>
      {body}
    </div>
  );
}
