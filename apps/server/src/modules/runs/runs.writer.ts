import type { Db } from "@nexus/db";
import type { UIMessageChunk } from "ai";
import { appendEvent } from "./runs.repo.ts";

/** The run event a chat turn run as a job writes: `payload.chunks`, UI-message chunks in order. */
export const UI_CHUNKS_EVENT = "ui-chunks";

/** The checkpoint a run events writer keeps: how many chunks are written (durably, in order). */
export interface ChunkCheckpoint {
  chunks: number;
}

export function chunksWritten(checkpoint: Record<string, unknown> | null | undefined): number {
  const n = checkpoint?.chunks;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : 0;
}

export interface RunEventsWriter {
  /** Queues one chunk; it goes out with the next batch. Never blocks. */
  write(chunk: UIMessageChunk): void;
  /** Writes every chunk of a UI-message stream (streamText(...).toUIMessageStream()). */
  merge(stream: ReadableStream<UIMessageChunk>): Promise<void>;
  /** Resolves once every chunk written so far is stored; rejects if a batch could not be. */
  flush(): Promise<void>;
  /** Chunks stored so far, those of earlier attempts included (the checkpoint). */
  readonly written: number;
}

/**
 * A writer that appends UI-message chunks to a run's events: one `ui-chunks` event per ready
 * batch (what arrived while the last append was in flight), never one per token; each event
 * saves the count of chunks written as the run's checkpoint in the same statement, so an attempt
 * resumed after a crash knows exactly which chunks its readers already have.
 */
export function runEventsWriter(
  deps: { db: Db },
  runId: string,
  options: { alreadyWritten?: number } = {},
): RunEventsWriter {
  let buffer: UIMessageChunk[] = [];
  let written = options.alreadyWritten ?? 0;
  let draining: Promise<void> | null = null;
  let failure: unknown = null;
  const drain = async () => {
    // Chunks written in the same tick go together: one event for a synchronous burst.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (buffer.length > 0 && failure === null) {
      const batch = buffer;
      buffer = [];
      try {
        const checkpoint: ChunkCheckpoint = { chunks: written + batch.length };
        await appendEvent(deps.db, {
          runId,
          type: UI_CHUNKS_EVENT,
          payload: { chunks: batch },
          checkpoint: { ...checkpoint },
        });
        written += batch.length;
      } catch (error) {
        failure = error;
      }
    }
    draining = null;
  };
  const writer: RunEventsWriter = {
    write(chunk) {
      buffer.push(chunk);
      draining ??= drain();
    },
    async merge(stream) {
      const reader = stream.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        writer.write(value);
      }
      await writer.flush();
    },
    async flush() {
      while (draining) await draining;
      if (failure !== null) throw failure;
    },
    get written() {
      return written;
    },
  };
  return writer;
}
