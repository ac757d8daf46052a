import type { RunEventItem, RunStatusValue } from "@nexus/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSseParser } from "@/lib/run-events/sse-parser.ts";
import { EMPTY_RESEARCH_VIEW, endResearchView, reduceResearchEvents } from "./research-events.ts";
import { followRunEvents } from "./use-research-events.ts";

const event = (seq: number): RunEventItem => ({
  seq,
  type: "research-notes",
  payload: {
    notes: [
      {
        id: seq,
        sourceId: 1,
        question: 1,
        text: `n${seq}`,
        quote: "q",
        check: "exact",
        page: null,
      },
    ],
  },
  at: "2026-01-01T00:00:00.000Z",
});

const message = (e: RunEventItem) => `id: ${e.seq}\ndata: ${JSON.stringify(e)}\n\n`;

function streamOf(parts: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

afterEach(() => vi.unstubAllGlobals());

describe("createSseParser", () => {
  it("joins messages split across reads and skips keep-alives", () => {
    const parse = createSseParser();
    expect(parse(": keep-alive\n\nid: 1\nda")).toEqual([]);
    expect(parse('ta: {"a":1}\n\nevent: status\r\ndata: {"status":"succeeded"}\r\n\r\n')).toEqual([
      { id: "1", event: "message", data: '{"a":1}' },
      { id: null, event: "status", data: '{"status":"succeeded"}' },
    ]);
  });
});

describe("followRunEvents", () => {
  it("resumes after a dropped stream from the last event and applies each event once", async () => {
    const asked: Array<string | null> = [];
    const responses = [
      // Cut in the middle of event 3: events 1–2 arrive, 3 is resent on the next connection.
      () => streamOf([message(event(1)), message(event(2)), message(event(3)).slice(0, 20)]),
      () =>
        streamOf([
          message(event(2)),
          message(event(3)),
          message(event(4)),
          'event: status\ndata: {"status":"succeeded"}\n\n',
        ]),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        asked.push(new Headers(init?.headers).get("last-event-id"));
        const next = responses.shift();
        if (!next) throw new Error("no more responses");
        return next();
      }),
    );
    let view = EMPTY_RESEARCH_VIEW;
    let ended: RunStatusValue | null = null;
    await followRunEvents(
      "r1",
      {
        onEvents: (events) => {
          view = reduceResearchEvents(events, view);
        },
        onEnd: (status) => {
          ended = status;
          view = endResearchView(view, status);
        },
        onFatal: () => undefined,
        lastSeq: () => view.lastSeq,
      },
      new AbortController().signal,
    );
    expect(asked).toEqual([null, "2"]);
    expect(ended).toBe("succeeded");
    expect(view.notes.map((n) => n.id)).toEqual([1, 2, 3, 4]);
    expect(view).toEqual(
      endResearchView(reduceResearchEvents([1, 2, 3, 4].map(event)), "succeeded"),
    );
  });

  it("stops on a 404 with a message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 404 })),
    );
    let fatal: string | null = null;
    await followRunEvents(
      "r1",
      {
        onEvents: () => undefined,
        onEnd: () => undefined,
        onFatal: (m) => {
          fatal = m;
        },
        lastSeq: () => 0,
      },
      new AbortController().signal,
    );
    expect(fatal).toMatch(/could not be followed/);
  });
});
