import {
  type RunEventItem,
  type RunStatusValue,
  runEndSchema,
  runEventSchema,
} from "@nexus/contracts";
import { useEffect, useRef, useState } from "react";
import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import {
  EMPTY_RESEARCH_VIEW,
  endResearchView,
  type ResearchView,
  reduceResearchEvents,
} from "./research-events.ts";
import { createSseParser } from "./sse.ts";

/** Waits between reconnects after a dropped stream (the last one repeats). */
const RETRY_MS = [500, 1000, 2000, 4000] as const;

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
 * Follows GET /api/runs/:runId/events until its `status` message: each connection resumes with
 * Last-Event-ID after the last event applied, so a dropped connection (or a server restart) loses
 * nothing and repeats nothing. Stops when the signal aborts.
 */
export async function followRunEvents(
  runId: string,
  handlers: RunStreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    let ended = false;
    try {
      const headers = new Headers({ accept: "text/event-stream" });
      headers.set(ANON_ID_HEADER_NAME, getAnonId());
      const last = handlers.lastSeq();
      if (last > 0) headers.set("last-event-id", String(last));
      const response = await fetch(`${API_BASE_URL}/runs/${encodeURIComponent(runId)}/events`, {
        headers,
        credentials: "same-origin",
        signal,
      });
      if (response.status === 404 || response.status === 401 || response.status === 403) {
        handlers.onFatal("This research could not be followed.");
        return;
      }
      if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parse = createSseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const events: RunEventItem[] = [];
        for (const message of parse(decoder.decode(value, { stream: true }))) {
          if (message.event === "status") {
            const end = runEndSchema.safeParse(JSON.parse(message.data));
            if (end.success) {
              if (events.length > 0) handlers.onEvents(events.splice(0));
              handlers.onEnd(end.data.status);
              ended = true;
            }
            continue;
          }
          const parsed = runEventSchema.safeParse(JSON.parse(message.data));
          if (parsed.success) events.push(parsed.data);
          failures = 0;
        }
        if (events.length > 0) handlers.onEvents(events);
        if (ended) {
          await reader.cancel().catch(() => undefined);
          return;
        }
      }
    } catch {
      // A dropped connection or a garbled message: resumed below after the last event applied.
      if (signal.aborted) return;
    }
    if (ended || signal.aborted) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      signal.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
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
