import {
  type RunEventItem,
  type RunStatusValue,
  runEndSchema,
  runEventSchema,
} from "@nexus/contracts";
import { useEffect, useRef, useState } from "react";
import { t } from "@/lib/i18n/i18n.ts";
import { followEventStream } from "@/lib/run-events/follow-events.ts";
import {
  EMPTY_RESEARCH_VIEW,
  endResearchView,
  type ResearchView,
  reduceResearchEvents,
} from "./research-events.ts";

export interface RunStreamHandlers {
  /** Events that arrived together (one read of the body), in order. */
  onEvents: (events: RunEventItem[]) => void;
  onEnd: (status: RunStatusValue) => void;
  /** The stream cannot be read (the run is not the caller's, or gone). */
  onFatal: (message: string) => void;
  /** The seq to resume after (the view's lastSeq). */
  lastSeq: () => number;
}

/**
 * Follows GET /api/runs/:runId/events until its `status` message, through the one run-events
 * client (lib/run-events): each connection resumes with Last-Event-ID after the last event
 * applied, so a dropped connection (or a server restart) loses nothing and repeats nothing.
 * Stops when the signal aborts.
 */
export function followRunEvents(
  runId: string,
  handlers: RunStreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  return followEventStream(
    `/runs/${encodeURIComponent(runId)}/events`,
    {
      onMessages(messages) {
        const events: RunEventItem[] = [];
        for (const message of messages) {
          if (message.event === "status") {
            const end = runEndSchema.safeParse(JSON.parse(message.data));
            if (end.success) {
              if (events.length > 0) handlers.onEvents(events.splice(0));
              handlers.onEnd(end.data.status);
              return true;
            }
            continue;
          }
          const parsed = runEventSchema.safeParse(JSON.parse(message.data));
          if (parsed.success) events.push(parsed.data);
        }
        if (events.length > 0) handlers.onEvents(events);
        return false;
      },
      onFatal: () => handlers.onFatal(t("research.notFollowed")),
      lastEventId: handlers.lastSeq,
    },
    signal,
  );
}

export interface ResearchEventsState {
  view: ResearchView;
  /** The stream could not be followed at all. */
  fatal: string | null;
}

/**
 * A research run's view, built from its events (replayed, then live) — the same after a reload as
 * it was live. Nothing is followed without a run id. A new `follow` of the same run (a resumed
 * run) reads its events on from the last one applied: the stream had ended with the run.
 */
export function useResearchEvents(runId: string | null, follow = 0): ResearchEventsState {
  const [state, setState] = useState<ResearchEventsState>({
    view: EMPTY_RESEARCH_VIEW,
    fatal: null,
  });
  const viewRef = useRef(state.view);
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!runId) return;
    const controller = new AbortController();
    // Another run starts from nothing; the same run followed again (follow > 0) goes on.
    const from = follow > 0 && followed.current === runId ? viewRef.current : EMPTY_RESEARCH_VIEW;
    followed.current = runId;
    viewRef.current = from;
    setState({ view: from, fatal: null });
    const update = (view: ResearchView) => {
      viewRef.current = view;
      setState((prev) => ({ ...prev, view }));
    };
    void followRunEvents(
      runId,
      {
        onEvents: (events) => update(reduceResearchEvents(events, viewRef.current)),
        onEnd: (status) => update(endResearchView(viewRef.current, status)),
        onFatal: (message) => setState((prev) => ({ ...prev, fatal: message })),
        lastSeq: () => viewRef.current.lastSeq,
      },
      controller.signal,
    );
    return () => controller.abort();
  }, [runId, follow]);
  return state;
}
