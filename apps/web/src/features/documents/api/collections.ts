import type { CollectionFiles, EarlierChats } from "@nexus/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";

const seg = encodeURIComponent;

export const collectionKeys = {
  all: ["document-collections"] as const,
  files: (documentId: string, threadId: string) =>
    [...collectionKeys.all, "files", documentId, threadId] as const,
  chats: (documentId: string) => [...collectionKeys.all, "chats", documentId] as const,
};

const filesPath = (documentId: string, threadId: string) =>
  `/documents/${seg(documentId)}/threads/${seg(threadId)}/files`;

/** GET /api/documents/:id/threads/:threadId/files: the chat's files, its document first. */
export function getCollectionFiles(
  documentId: string,
  threadId: string,
  signal?: AbortSignal,
): Promise<CollectionFiles> {
  return apiRequest<CollectionFiles>(filesPath(documentId, threadId), signal ? { signal } : {});
}

/** POST …/files: adds files of the person's to the chat (at most 50 in all). */
export function addCollectionFiles(
  documentId: string,
  threadId: string,
  fileIds: readonly string[],
): Promise<CollectionFiles> {
  return apiRequest<CollectionFiles>(filesPath(documentId, threadId), {
    method: "POST",
    body: { fileIds },
  });
}

/** The chat's files, asked again while one of them is still being read. */
export function useCollectionFiles(documentId: string, threadId: string) {
  return useQuery({
    queryKey: collectionKeys.files(documentId, threadId),
    queryFn: ({ signal }) => getCollectionFiles(documentId, threadId, signal),
    refetchInterval: (query) =>
      query.state.data?.files.some((f) => f.status !== "ready" && f.status !== "failed")
        ? 2_000
        : false,
  });
}

/** Adds or removes a chat's files; the list is replaced by what the server answers. */
export function useCollectionChange(documentId: string, threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { add: readonly string[] } | { remove: string }) =>
      "add" in change
        ? addCollectionFiles(documentId, threadId, change.add)
        : apiRequest<CollectionFiles>(`${filesPath(documentId, threadId)}/${seg(change.remove)}`, {
            method: "DELETE",
          }),
    onSuccess: (files) => {
      queryClient.setQueryData(collectionKeys.files(documentId, threadId), files);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.chats(documentId) });
    },
  });
}

/** GET /api/documents/:id/chats: the person's earlier chats about the document, newest first. */
export function useEarlierChats(documentId: string) {
  return useQuery({
    queryKey: collectionKeys.chats(documentId),
    queryFn: ({ signal }) =>
      apiRequest<EarlierChats>(`/documents/${seg(documentId)}/chats`, signal ? { signal } : {}),
  });
}
