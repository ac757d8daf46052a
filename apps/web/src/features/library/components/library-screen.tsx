import { HISTORY_SEARCH_MAX, type LibraryItem, MESSAGES } from "@nexus/contracts";
import { Library } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import type { FocusModeDisplay } from "@/components/ui/entry-meta.tsx";
import { LoadError, NoMatches } from "@/components/ui/load-error.tsx";
import { NextPageEnd } from "@/components/ui/load-more.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { uniqueBy } from "@/lib/unique-by.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useLibrary } from "../api/get-library.ts";
import { useSetBookmark } from "../api/set-bookmark.ts";
import { LibraryItemCard, LibraryItemSkeleton } from "./library-item.tsx";

const SEARCH_DEBOUNCE_MS = 300;

/** /app/library: bookmarked answers, newest first, searchable; removing one is one click. */
export function LibraryScreen({ focusModeDisplay }: { focusModeDisplay?: FocusModeDisplay }) {
  const [search, setSearch] = useState("");
  const t = useT();
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const library = useLibrary(q);
  const removal = useSetBookmark();
  const items = useMemo(
    () => uniqueBy(library.data?.pages.flatMap((page) => page.items) ?? [], (i) => i.entryId),
    [library.data],
  );
  const fetchedAt = library.dataUpdatedAt;
  const now = useMemo(() => (fetchedAt ? new Date(fetchedAt) : new Date()), [fetchedAt]);

  const remove = (item: LibraryItem) =>
    removal.mutate(
      { entryId: item.entryId, threadId: item.threadId, isBookmarked: false },
      {
        onSuccess: () => notify("success", t("library.removed")),
        onError: (error) => notify("error", `${t("library.notRemoved")} ${errorMessage(error)}`),
      },
    );

  let body: ReactNode;
  if (library.isPending) {
    body = (
      <div data-testid="library-loading">
        <span role="status" className="sr-only">
          {MESSAGES.loading}
        </span>
        <ul className="flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <LibraryItemSkeleton key={row} />
          ))}
        </ul>
      </div>
    );
  } else if (library.isError && items.length === 0) {
    body = (
      <LoadError
        what={t("library.what")}
        error={library.error}
        onRetry={() => void library.refetch()}
      />
    );
  } else if (items.length === 0) {
    body =
      q === "" ? (
        <EmptyState
          icon={Library}
          title={t("library.emptyTitle")}
          description={t("library.emptyDescription")}
          testId="library-empty"
        >
          <Link to={paths.app.root.href()} className={buttonClasses()}>
            {t("history.ask")}
          </Link>
        </EmptyState>
      ) : (
        <NoMatches
          title={t("library.noMatches")}
          where={t("library.where")}
          query={q}
          onClear={() => setSearch("")}
          testId="library-no-results"
        />
      );
  } else {
    body = (
      <div className="flex flex-col gap-3" data-testid="library-list">
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <LibraryItemCard
              key={item.entryId}
              item={item}
              focusModeDisplay={focusModeDisplay}
              onRemove={remove}
              now={now}
            />
          ))}
        </ul>
        <NextPageEnd pages={library} failedText={t("library.moreFailed")} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <SearchInput
        label={t("library.searchLabel")}
        placeholder={t("library.searchPlaceholder")}
        value={search}
        onChange={setSearch}
        maxLength={HISTORY_SEARCH_MAX}
        busy={library.isFetching && !library.isFetchingNextPage}
        className="max-w-xl"
      />
      {body}
    </div>
  );
}
