import type { FileItem } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { filesKeys } from "@/lib/query-keys.ts";

/**
 * POST /api/files/:id/password: read a password-protected PDF again with its password. The file
 * goes back to "queued" (a new run, followed by its events); a wrong password fails it again,
 * saying so.
 */
export function submitFilePassword(fileId: string, password: string): Promise<FileItem> {
  return apiRequest<FileItem>(`/files/${encodeURIComponent(fileId)}/password`, {
    method: "POST",
    body: { password },
  });
}

export function useSubmitFilePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, password }: { fileId: string; password: string }) =>
      submitFilePassword(fileId, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}
