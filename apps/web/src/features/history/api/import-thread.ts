import type { ImportThreadRequest } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { historyKeys } from "./get-history.ts";

/** POST /api/history/import: the anonymous thread of this tab, saved into the account. */
export function importThread(body: ImportThreadRequest): Promise<{ threadId: string }> {
  return apiRequest<{ threadId: string }>("/history/import", { method: "POST", body });
}

export function useImportThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importThread,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}
