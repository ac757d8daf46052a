import type { AdminUserList } from "@nexus/contracts";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { adminKeys, queryString } from "./admin-keys.ts";

/** GET /api/admin/users?q=&cursor=: accounts by e-mail, 50 a page, searchable by e-mail or name. */
export function getAdminUsers(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminUserList> {
  return apiRequest<AdminUserList>(
    `/admin/users${queryString({ q, cursor })}`,
    signal ? { signal } : {},
  );
}

export function useAdminUsers(q: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.userList(q),
      queryFn: ({ pageParam, signal }) => getAdminUsers(q, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      // A new filter keeps the rows on screen until its answer arrives (no flash, no lost click).
      placeholderData: keepPreviousData,
    }),
  );
}
