import type { NexdocsDocument } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { nexdocsKeys } from "./keys.ts";

/** GET /api/nexdocs/:id (another person's document is the same 404 as a missing one). */
export function getDocument(id: string, signal?: AbortSignal): Promise<NexdocsDocument> {
  return apiRequest<NexdocsDocument>(`/nexdocs/${encodeURIComponent(id)}`, { signal });
}

export function documentQuery(id: string) {
  return queryOptions({
    queryKey: nexdocsKeys.one(id),
    queryFn: ({ signal }) => getDocument(id, signal),
    // The editor owns the document once loaded: no refetch under someone's typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && "status" in error && error.status === 404),
  });
}

export function useDocument(id: string) {
  return useQuery(documentQuery(id));
}
