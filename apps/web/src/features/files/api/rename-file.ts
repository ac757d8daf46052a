import type { FileItem } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { filesKeys } from "@/lib/query-keys.ts";

/** PATCH /api/files/:id: a new display name. */
export function renameFile(fileId: string, name: string): Promise<FileItem> {
  return apiRequest<FileItem>(`/files/${encodeURIComponent(fileId)}`, {
    method: "PATCH",
    body: { name },
  });
}

export function useRenameFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, name }: { fileId: string; name: string }) => renameFile(fileId, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}
