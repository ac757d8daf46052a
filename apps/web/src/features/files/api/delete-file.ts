import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { filesKeys } from "@/lib/query-keys.ts";

/** DELETE /api/files/:id: the file, its passages and its stored copy. */
export function deleteFile(fileId: string): Promise<void> {
  return apiRequest<void>(`/files/${encodeURIComponent(fileId)}`, { method: "DELETE" });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId }: { fileId: string }) => deleteFile(fileId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}
