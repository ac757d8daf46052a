import type { ImportThreadRequest } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { historyKeys } from "@/lib/query-keys.ts";

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

/**
 * Several anonymous threads of this tab, saved one after another, the oldest first (so the most
 * recent stays the newest thread of the account); each result in the order given.
 */
export async function importThreads(
  threads: readonly ImportThreadRequest[],
): Promise<Array<{ threadId: string }>> {
  const saved: Array<{ threadId: string }> = [];
  for (const thread of [...threads].reverse()) saved.unshift(await importThread(thread));
  return saved;
}

export function useImportThreads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importThreads,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}
