import {
  EXTRACTION_EVENTS,
  type ExtractionItem,
  type ExtractionRow,
  extractionRowSchema,
  runEndSchema,
  runEventSchema,
} from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { extractionKeys } from "@/lib/query-keys.ts";
import { followEventStream } from "@/lib/run-events/follow-events.ts";

/**
 * A row event's fields applied to the cached extraction: the row replaced in place, or (a
 * per-item source's second item on) added in its place by number.
 */
export function applyRowEvent(
  item: ExtractionItem,
  payload: Record<string, unknown>,
): ExtractionItem {
  const index = payload.row;
  if (typeof index !== "number") return item;
  if (!item.rows.some((row) => row.index === index)) {
    const added = extractionRowSchema.safeParse(payload);
    if (!added.success) return item;
    const rows = [...item.rows, added.data].sort((a, b) => a.index - b.index);
    return { ...item, rows, rowsDone: rows.filter((r) => r.status === "done").length };
  }
  const rows = item.rows.map((row) =>
    row.index === index
      ? {
          ...row,
          status: payload.status as ExtractionRow["status"],
          cells: (payload.cells ?? row.cells) as ExtractionRow["cells"],
          error: typeof payload.error === "string" ? payload.error : null,
        }
      : row,
  );
  return { ...item, rows, rowsDone: rows.filter((r) => r.status === "done").length };
}

/**
 * While the extraction's run has not ended: follows its events (the one run-events client, with
 * Last-Event-ID resume), each finished row put in the table as it arrives; at the run's end the
 * extraction is read again.
 */
export function useExtractionLive(item: ExtractionItem | undefined): void {
  const client = useQueryClient();
  const runId = item?.runId ?? null;
  const running = item ? item.status === "queued" || item.status === "running" : false;
  const id = item?.id ?? "";
  useEffect(() => {
    if (!runId || !running) return;
    const stop = new AbortController();
    let last = 0;
    void followEventStream(
      `/runs/${encodeURIComponent(runId)}/events`,
      {
        onMessages(messages) {
          for (const message of messages) {
            if (
              message.event === "status" &&
              runEndSchema.safeParse(JSON.parse(message.data)).success
            ) {
              void client.invalidateQueries({ queryKey: extractionKeys.all });
              return true;
            }
            const event = runEventSchema.safeParse(JSON.parse(message.data));
            if (!event.success) continue;
            last = event.data.seq;
            if (event.data.type !== EXTRACTION_EVENTS.row) continue;
            client.setQueryData<ExtractionItem>(extractionKeys.one(id), (old) =>
              old ? applyRowEvent({ ...old, status: "running" }, event.data.payload) : old,
            );
          }
          return false;
        },
        onFatal: () => void client.invalidateQueries({ queryKey: extractionKeys.one(id) }),
        lastEventId: () => last,
      },
      stop.signal,
    );
    return () => stop.abort();
  }, [client, id, runId, running]);
}
