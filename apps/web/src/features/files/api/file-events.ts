import type { FileEvent } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { filesKeys } from "@/lib/query-keys.ts";

/**
 * GET /api/files/:id/events (SSE): the file's ingestion progress, replayed and then live, through
 * the one run-events client (lib/run-events: it resumes with Last-Event-ID after a dropped
 * connection); the stream ends at ready or failed, and then the list is read again.
 */
export function useFileEvents(fileId: string, active: boolean): FileEvent | null {
  const [latest, setLatest] = useState<FileEvent | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    // A file read again (a password for a PDF) follows a new run: nothing of the last one shows.
    setLatest(null);
    const controller = new AbortController();
    let lastId = 0;
    // The events' schema (zod) and the event stream's client are fetched when a file is followed,
    // not with the app's first load (the composer's attach button is on the home screen).
    void Promise.all([
      import("./file-event-schema.ts"),
      import("@/lib/run-events/follow-events.ts"),
    ]).then(
      ([{ fileEventSchema }, { followEventStream }]) => {
        if (controller.signal.aborted) return;
        return followEventStream(
          `/files/${encodeURIComponent(fileId)}/events`,
          {
            onMessages(messages) {
              for (const message of messages) {
                if (message.id !== null && Number(message.id) > lastId) lastId = Number(message.id);
                // The run ended without a file event saying so: the list says how.
                if (message.event === "status") {
                  void queryClient.invalidateQueries({ queryKey: filesKeys.all });
                  return true;
                }
                const parsed = fileEventSchema.safeParse(JSON.parse(message.data));
                if (!parsed.success) continue;
                setLatest(parsed.data);
                if (parsed.data.type === "ready" || parsed.data.type === "failed") {
                  void queryClient.invalidateQueries({ queryKey: filesKeys.all });
                  return true;
                }
              }
              return false;
            },
            // Not the caller's (or gone): the list, read again, says what became of it.
            onFatal: () => void queryClient.invalidateQueries({ queryKey: filesKeys.all }),
            lastEventId: () => lastId,
          },
          controller.signal,
        );
      },
      () => void queryClient.invalidateQueries({ queryKey: filesKeys.all }),
    );
    return () => controller.abort();
  }, [fileId, active, queryClient]);
  return latest;
}
