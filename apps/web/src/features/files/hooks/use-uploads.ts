import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { errorMessage } from "@/lib/api-client.ts";
import { notify } from "@/lib/notices.ts";
import { filesKeys } from "@/lib/query-keys.ts";
import { alreadyInFilesText, uploadFile } from "../api/upload-file.ts";

export interface UploadState {
  key: string;
  name: string;
  size: number;
  /** 0..1 of the bytes sent. */
  progress: number;
  error: string | null;
}

let counter = 0;

/**
 * Uploads several files at once, each with its own progress; a finished one leaves this list
 * (it is in the files list then, followed by its events), a failed one stays with its reason.
 */
export function useUploads() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const update = useCallback(
    (key: string, change: Partial<UploadState>) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u))),
    [],
  );
  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        counter += 1;
        const key = `upload-${counter}`;
        setUploads((all) => [
          ...all,
          { key, name: file.name, size: file.size, progress: 0, error: null },
        ]);
        uploadFile(file, { onProgress: (progress) => update(key, { progress }) })
          .then(async (uploaded) => {
            // The same bytes again: no new file, the person's existing one is named.
            if (uploaded.alreadyInFiles) notify("info", alreadyInFilesText(uploaded.name));
            await queryClient.invalidateQueries({ queryKey: filesKeys.all });
            setUploads((all) => all.filter((u) => u.key !== key));
          })
          .catch((error: unknown) => update(key, { error: errorMessage(error) }));
      }
    },
    [queryClient, update],
  );
  const dismiss = useCallback(
    (key: string) => setUploads((all) => all.filter((u) => u.key !== key)),
    [],
  );
  return { uploads, start, dismiss };
}
