import type { NexdocsDocument, NexdocsVersions } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { nexdocsKeys } from "./keys.ts";

/** GET /api/nexdocs/:id/versions: the kept versions, newest first. */
export function listVersions(id: string, signal?: AbortSignal): Promise<NexdocsVersions> {
  return apiRequest<NexdocsVersions>(`/nexdocs/${encodeURIComponent(id)}/versions`, { signal });
}

export function useVersions(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: nexdocsKeys.versions(id),
      queryFn: ({ signal }) => listVersions(id, signal),
      enabled,
    }),
  );
}

/** POST …/versions/:revision/restore: that version becomes a new revision on top of `baseRevision`. */
export function restoreVersion(
  id: string,
  revision: number,
  baseRevision: number,
): Promise<NexdocsDocument> {
  return apiRequest<NexdocsDocument>(
    `/nexdocs/${encodeURIComponent(id)}/versions/${revision}/restore`,
    { method: "POST", body: { baseRevision } },
  );
}
