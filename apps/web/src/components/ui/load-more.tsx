import { useEffect, useRef } from "react";
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
  label = "Load more",
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label?: string;
}) {
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
        {loading ? "Loading more..." : label}
      </Button>
    </div>
  );
}
