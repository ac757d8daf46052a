import type { NexdocsDocument } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { ApiError, NETWORK_ERROR_MESSAGE, readErrorBody } from "@/lib/api-client.ts";
import { nexdocsKeys } from "./keys.ts";

/** POST /api/nexdocs/import: the file's bytes (Markdown, DOCX or HTML; the server reads the type). */
export async function importDocument(file: File): Promise<NexdocsDocument> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}/nexdocs/import`, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "content-type": "application/octet-stream",
        [ANON_ID_HEADER_NAME]: getAnonId(),
      },
      body: file,
    });
  } catch {
    throw new ApiError({ status: 0, code: "network", message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) {
    const { code, message } = await readErrorBody(response);
    throw new ApiError({ status: response.status, code, message });
  }
  return (await response.json()) as NexdocsDocument;
}

export function useImportDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDocument,
    onSuccess: (doc) => {
      queryClient.setQueryData(nexdocsKeys.one(doc.id), doc);
      void queryClient.invalidateQueries({ queryKey: nexdocsKeys.lists() });
    },
  });
}
