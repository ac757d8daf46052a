import type { FileList } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { filesKeys } from "@/lib/query-keys.ts";

/** GET /api/files?q=: the person's files (newest first), storage used and addFiles this month. */
export function getFiles(q: string, signal?: AbortSignal): Promise<FileList> {
  const search = q ? `?${new URLSearchParams({ q }).toString()}` : "";
  return apiRequest<FileList>(`/files${search}`, signal ? { signal } : {});
}

export function filesQueryOptions(q: string) {
  return queryOptions({
    queryKey: filesKeys.list(q),
    queryFn: ({ signal }) => getFiles(q, signal),
    placeholderData: (previous) => previous,
  });
}

export function useFiles(q: string) {
  return useQuery(filesQueryOptions(q));
}
