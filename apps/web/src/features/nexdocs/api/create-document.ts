import type { NexdocsCreate, NexdocsDocument } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { nexdocsKeys } from "./keys.ts";

/** POST /api/nexdocs: an empty document (or one from Markdown). */
export function createDocument(input: NexdocsCreate): Promise<NexdocsDocument> {
  return apiRequest<NexdocsDocument>("/nexdocs", { method: "POST", body: input });
}

export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    onSuccess: (doc) => {
      queryClient.setQueryData(nexdocsKeys.one(doc.id), doc);
      void queryClient.invalidateQueries({ queryKey: nexdocsKeys.lists() });
    },
  });
}
