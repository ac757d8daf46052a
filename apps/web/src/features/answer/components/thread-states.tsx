import { AnswerSkeleton, Skeleton } from "@/components/ui/skeleton.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** The thread is loading (or a new one is starting). */
export function ThreadSkeleton({ query }: { query?: string }) {
  const t = useT();
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 lg:py-10"
      data-testid="thread-skeleton"
    >
      <span role="status" className="sr-only">
        {t("answer.loading")}
      </span>
      {query ? (
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{query}</h1>
      ) : (
        <Skeleton className="h-8 w-2/3" />
      )}
      <AnswerSkeleton />
    </div>
  );
}
