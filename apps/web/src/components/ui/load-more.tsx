import { useEffect, useRef } from "react";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { Spinner } from "./spinner.tsx";

/**
 * The end of an infinitely scrolling list: loads the next page when it scrolls into view, and
 * offers a "Load more" button for keyboards, old browsers and anyone who prefers to click.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  label,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label?: string;
}) {
  const t = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="flex justify-center py-4" data-testid="load-more">
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading ? <Spinner className="size-4" /> : null}
        {loading ? t("list.loadingMore") : (label ?? t("common.loadMore"))}
      </Button>
    </div>
  );
}

/** The parts of a TanStack infinite query the end of a list needs. */
interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/** The end of an infinite list: "Load more", or why the next page failed with a Retry. */
export function NextPageEnd({ pages, failedText }: { pages: NextPages; failedText: string }) {
  const t = useT();
  if (pages.isFetchNextPageError)
    return (
      <Alert
        kind="error"
        action={
          <Button size="sm" variant="outline" onClick={() => void pages.fetchNextPage()}>
            {t("common.retry")}
          </Button>
        }
      >
        {failedText} {errorMessage(pages.error)}
      </Alert>
    );
  return (
    <LoadMore
      hasMore={pages.hasNextPage}
      loading={pages.isFetchingNextPage}
      onLoadMore={() => void pages.fetchNextPage()}
    />
  );
}
