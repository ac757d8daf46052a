import type { FileList } from "@nexus/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { filesKeys } from "@/lib/query-keys.ts";

/**
 * GET /api/files: the person's files, to pick an agent's knowledge from. The same list (and
 * cache entry) as the files page's unsearched one, so a file uploaded there shows up here.
 */
export function useOwnFiles(enabled = true) {
  return useQuery({
    queryKey: filesKeys.list(""),
    queryFn: ({ signal }) => apiRequest<FileList>("/files", { signal }),
    enabled,
  });
}
