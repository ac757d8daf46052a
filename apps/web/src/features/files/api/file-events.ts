import { type FileEvent, fileEventSchema } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { API_BASE_URL } from "@/config/env.ts";
import { filesKeys } from "@/lib/query-keys.ts";

/**
 * GET /api/files/:id/events (SSE): the file's ingestion progress, replayed and then live. The
 * browser resumes with Last-Event-ID after a dropped connection; the stream ends at ready or
 * failed, and then the list is read again.
 */
export function useFileEvents(fileId: string, active: boolean): FileEvent | null {
  const [latest, setLatest] = useState<FileEvent | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    // A file read again (a password for a PDF) follows a new run: nothing of the last one shows.
    setLatest(null);
    const source = new EventSource(`${API_BASE_URL}/files/${encodeURIComponent(fileId)}/events`);
    source.onmessage = (message) => {
      const parsed = fileEventSchema.safeParse(JSON.parse(String(message.data)));
      if (!parsed.success) return;
      setLatest(parsed.data);
      if (parsed.data.type === "ready" || parsed.data.type === "failed") {
        source.close();
        void queryClient.invalidateQueries({ queryKey: filesKeys.all });
      }
    };
    return () => source.close();
  }, [fileId, active, queryClient]);
  return latest;
}
