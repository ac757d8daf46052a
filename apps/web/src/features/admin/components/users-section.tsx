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
import { notify } from "@/lib/notices.ts";
import { uniqueBy } from "@/lib/unique-by.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useAdminUsers } from "../api/get-admin-users.ts";
import { useSetUserTier } from "../api/set-user-tier.ts";
import { EmptyList, LoadingRows } from "./admin-list-states.tsx";

function UserRow({ user }: { user: UserProfile }) {
  const setTier = useSetUserTier();
  const target = user.tier === "pro" ? "free" : "pro";
  const change = () =>
    setTier.mutate(
      { userId: user.id, tier: target },
      {
        onSuccess: (updated) =>
          notify("success", `${updated.email} is now on the ${updated.tier} tier.`),
        onError: (error) => notify("error", `The tier was not changed. ${errorMessage(error)}`),
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
          {user.orgName ? `${user.orgName} · ` : ""}Joined {formatDateTime(user.createdAt)}
        </p>
      </div>
      <Button
        variant={target === "pro" ? "primary" : "outline"}
        size="sm"
        onClick={change}
        disabled={setTier.isPending}
        aria-label={`${target === "pro" ? "Make Pro" : "Move to Free"} (${user.email})`}
        data-testid="user-tier-toggle"
      >
        {setTier.isPending ? <Spinner className="size-3.5" /> : null}
        {target === "pro" ? "Make Pro" : "Move to Free"}
      </Button>
    </li>
  );
}

/** Accounts by e-mail, searchable by e-mail or name; a super-admin moves them between tiers. */
export function UsersSection() {
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
    body = <LoadError what="The users" error={users.error} onRetry={() => void users.refetch()} />;
  else if (items.length === 0)
    body = q ? (
      <EmptyList
        icon={SearchX}
        title="No matching users"
        description={`No account's e-mail or name contains “${q}”.`}
        action={
          <Button variant="outline" onClick={() => setSearch("")}>
            Clear search
          </Button>
        }
      />
    ) : (
      <EmptyList icon={Users} title="No users yet" description="Accounts appear after sign-in." />
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
        label="Search users"
        placeholder="Search by e-mail or name..."
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
