import type { NexdocsList } from "@nexus/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { nexdocsKeys } from "./keys.ts";

/** GET /api/nexdocs?q=: the caller's documents, newest change first, or those matching `q`. */
export function listDocuments(q: string, signal?: AbortSignal): Promise<NexdocsList> {
  const query = q ? `?q=${encodeURIComponent(q)}` : "";
  return apiRequest<NexdocsList>(`/nexdocs${query}`, { signal });
}

export function documentsQuery(q: string) {
  return queryOptions({
    queryKey: nexdocsKeys.list(q),
    queryFn: ({ signal }) => listDocuments(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDocuments(q: string) {
  return useQuery(documentsQuery(q));
}
