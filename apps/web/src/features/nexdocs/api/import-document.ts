import type { NexdocsDocument } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { nexdocsKeys } from "./keys.ts";
import { postBytes } from "./post-bytes.ts";

/** POST /api/nexdocs/import: the file's bytes (Markdown, DOCX or HTML; the server reads the type). */
export function importDocument(file: File): Promise<NexdocsDocument> {
  return postBytes("/nexdocs/import", file);
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
