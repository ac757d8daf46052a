import type { MissingFiles } from "@nexus/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { filesKeys } from "@/lib/query-keys.ts";

/**
 * GET /api/files/missing?ids=: which of these cited files are gone (deleted, or not the caller's).
 * The key sits under ["files"], so deleting or adding a file (which invalidates ["files"]) asks
 * again.
 */
export function getMissingFiles(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<MissingFiles> {
  const query = new URLSearchParams({ ids: ids.join(",") }).toString();
  return apiRequest<MissingFiles>(`/files/missing?${query}`, signal ? { signal } : {});
}

export function useMissingFiles(ids: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: filesKeys.missing(ids),
    queryFn: ({ signal }) => getMissingFiles(ids, signal),
    enabled: enabled && ids.length > 0,
    staleTime: 30_000,
  });
}
