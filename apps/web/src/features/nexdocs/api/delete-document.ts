import type { NexdocsList } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { nexdocsKeys } from "./keys.ts";

/** DELETE /api/nexdocs/:id: the document and its versions. */
export function deleteDocument(id: string): Promise<void> {
  return apiRequest<void>(`/nexdocs/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Optimistic: the document leaves every list at once and comes back if the server refuses. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: nexdocsKeys.lists() });
      const previous = queryClient.getQueriesData<NexdocsList>({ queryKey: nexdocsKeys.lists() });
      queryClient.setQueriesData<NexdocsList>({ queryKey: nexdocsKeys.lists() }, (old) =>
        old ? { documents: old.documents.filter((d) => d.id !== id) } : old,
      );
      return { previous };
    },
    onError: (error, _id, context) => {
      if (error instanceof ApiError && error.status === 404) return;
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: nexdocsKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: nexdocsKeys.lists() });
    },
  });
}
