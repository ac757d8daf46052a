import { ADMIN_SEARCH_MAX, type UserProfile } from "@nexus/contracts";
import { SearchX, Users } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { LoadMore } from "@/components/ui/load-more.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { TierBadge } from "@/components/ui/tier-badge.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatDateTime } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { uniqueBy } from "@/lib/unique-by.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useAdminUsers } from "../api/get-admin-users.ts";
import { useSetUserTier } from "../api/set-user-tier.ts";
import { EmptyList, LoadingRows } from "./admin-list-states.tsx";

function UserRow({ user }: { user: UserProfile }) {
  const t = useT();
  const setTier = useSetUserTier();
  const target = user.tier === "pro" ? "free" : "pro";
  const action = t(target === "pro" ? "admin.users.makePro" : "admin.users.moveToFree");
  const change = () =>
    setTier.mutate(
      { userId: user.id, tier: target },
      {
        onSuccess: (updated) =>
          notify(
            "success",
            t(updated.tier === "pro" ? "admin.users.nowPro" : "admin.users.nowFree", {
              email: updated.email,
            }),
          ),
        onError: (error) =>
          notify("error", `${t("admin.users.tierFailed")} ${errorMessage(error)}`),
      },
    );
  return (
    <li
      data-testid="user-row"
      data-email={user.email}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface px-4 py-3 shadow-xs sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium">
          <span className="truncate">{user.name}</span>
          <TierBadge tier={user.tier} testId="user-tier" />
        </p>
        <p className="truncate text-sm text-muted">{user.email}</p>
        <p className="text-xs text-subtle">
          {user.orgName ? `${user.orgName} · ` : ""}
          {t("admin.users.joined", { date: formatDateTime(user.createdAt) })}
        </p>
      </div>
      <Button
        variant={target === "pro" ? "primary" : "outline"}
        size="sm"
        onClick={change}
        disabled={setTier.isPending}
        aria-label={t("admin.users.actionFor", { action, email: user.email })}
        data-testid="user-tier-toggle"
      >
        {setTier.isPending ? <Spinner className="size-3.5" /> : null}
        {action}
      </Button>
    </li>
  );
}

/** Accounts by e-mail, searchable by e-mail or name; a super-admin moves them between tiers. */
export function UsersSection() {
  const t = useT();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const users = useAdminUsers(q);
  const items = useMemo(
    () => uniqueBy(users.data?.pages.flatMap((p) => p.users) ?? [], (u) => u.id),
    [users.data],
  );

  let body: ReactNode;
  if (users.isPending) body = <LoadingRows testId="users-loading" />;
  else if (users.isError && items.length === 0)
    body = (
      <LoadError
        what={t("admin.users.what")}
        error={users.error}
        onRetry={() => void users.refetch()}
      />
    );
  else if (items.length === 0)
    body = q ? (
      <EmptyList
        icon={SearchX}
        title={t("admin.users.noMatchTitle")}
        description={t("admin.users.noMatchText", { query: q })}
        action={
          <Button variant="outline" onClick={() => setSearch("")}>
            {t("common.clearSearch")}
          </Button>
        }
      />
    ) : (
      <EmptyList
        icon={Users}
        title={t("admin.users.emptyTitle")}
        description={t("admin.users.emptyText")}
      />
    );
  else
    body = (
      <>
        <ul className="flex flex-col gap-2" data-testid="users-list">
          {items.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </ul>
        <LoadMore
          hasMore={users.hasNextPage}
          loading={users.isFetchingNextPage}
          onLoadMore={() => void users.fetchNextPage()}
        />
      </>
    );

  return (
    <div className="flex flex-col gap-5">
      <SearchInput
        label={t("admin.users.search")}
        placeholder={t("admin.users.searchPlaceholder")}
        value={search}
        onChange={setSearch}
        maxLength={ADMIN_SEARCH_MAX}
        busy={users.isFetching && !users.isFetchingNextPage}
        className="max-w-xl"
      />
      {body}
    </div>
  );
}
