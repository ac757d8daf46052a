import {
  RESEARCH_CITATIONS_PART,
  type ResearchCitationsPart,
  researchCitationsPartSchema,
} from "@nexus/contracts";
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";
import { useEffect, useRef, useState } from "react";

/** The report as the screen draws it: its message (parts in order), its text and its citations. */
export interface ReportContent {
  message: UIMessage | null;
  /** The text parts' text, as the export and the contents read it. */
  report: string;
  citations: ResearchCitationsPart | null;
}

export const NO_REPORT: ReportContent = { message: null, report: "", citations: null };

/** What a report message holds: its text, and its citations part (checked). */
export function reportContent(message: UIMessage | null): ReportContent {
  if (!message) return NO_REPORT;
  let report = "";
  let citations: ResearchCitationsPart | null = null;
  for (const part of message.parts) {
    if (part.type === "text") report += part.text;
    else if (part.type === RESEARCH_CITATIONS_PART) {
      const parsed = researchCitationsPartSchema.safeParse((part as { data?: unknown }).data);
      if (parsed.success) citations = parsed.data;
    }
  }
  return { message, report, citations };
}

/**
 * The report's chunks read into a message by the AI SDK's readUIMessageStream: a stream fed as
 * chunks arrive, whose snapshots call `onMessage`. An `error` chunk (the turn was stopped or
 * failed) is the run's to say: the message keeps what was written.
 */
function reportReader(onMessage: (message: UIMessage) => void) {
  let controller!: ReadableStreamDefaultController<UIMessageChunk>;
  const stream = new ReadableStream<UIMessageChunk>({
    start(c) {
      controller = c;
    },
  });
  const done = (async () => {
    for await (const message of readUIMessageStream({ stream, onError: () => undefined }))
      onMessage(message);
  })().catch(() => undefined);
  return {
    push: (chunks: readonly UIMessageChunk[]) => {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    close: () => {
      try {
        controller.close();
      } catch {
        // Closed already.
      }
      return done;
    },
  };
}

/** A writing's chunks read at once (a replay, a test): its report. */
export async function readReport(chunks: readonly UIMessageChunk[]): Promise<ReportContent> {
  if (chunks.length === 0) return NO_REPORT;
  let last: UIMessage | null = null;
  const reader = reportReader((message) => {
    last = message;
  });
  reader.push(chunks);
  await reader.close();
  return reportContent(last);
}

/**
 * The report of a run's view, live: its chunks (the latest writing's: a reset starts a new one)
 * read through readUIMessageStream as they arrive; nothing before its first chunk.
 */
export function useReportMessage(chunks: readonly UIMessageChunk[]): ReportContent {
  const [content, setContent] = useState<ReportContent>(NO_REPORT);
  const reading = useRef<{
    first: UIMessageChunk;
    fed: number;
    reader: ReturnType<typeof reportReader>;
  } | null>(null);
  useEffect(() => {
    const current = reading.current;
    const first = chunks[0];
    // A new writing (a reset, another run): the last reader's message is dropped.
    if (current && (current.first !== first || chunks.length < current.fed)) {
      void current.reader.close();
      reading.current = null;
      setContent(NO_REPORT);
    }
    if (!first) return;
    if (!reading.current) {
      const generation = {
        first,
        fed: 0,
        reader: reportReader((message) => {
          if (reading.current === generation) setContent(reportContent(message));
        }),
      };
      reading.current = generation;
    }
    const live = reading.current;
    live.reader.push(chunks.slice(live.fed));
    live.fed = chunks.length;
  }, [chunks]);
  useEffect(
    () => () => {
      void reading.current?.reader.close();
      reading.current = null;
    },
    [],
  );
  return content;
}
