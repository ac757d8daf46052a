import { RefreshCw, SearchX } from "lucide-react";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { EmptyState } from "./empty-state.tsx";

/** "<what> could not be loaded." with the reason and a Retry, in place of a list or a panel. */
export function LoadError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <Alert
      kind="error"
      action={
        <Button size="sm" variant="outline" onClick={onRetry}>
          <RefreshCw className="size-3.5" aria-hidden="true" />
          {t("common.retry")}
        </Button>
      }
    >
      {t("common.loadFailed", { what })} {errorMessage(error)}
    </Alert>
  );
}

/** A searched list that found nothing: the query, and the way back to everything. */
export function NoMatches({
  title,
  where,
  query,
  onClear,
  testId,
}: {
  title: string;
  /** "your history", "your library"... */
  where: string;
  query: string;
  onClear: () => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={t("common.noMatches", { where, query })}
      testId={testId}
    >
      <Button variant="outline" onClick={onClear}>
        {t("common.clearSearch")}
      </Button>
    </EmptyState>
  );
}
