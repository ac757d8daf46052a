import { type Metrics, secondsSince } from "../../lib/metrics.ts";

/**
 * A chat's UI-message chunks, passed through unchanged while its time to first text and total
 * time are measured (lib/metrics.ts): outcome "failed" when an error part was sent, "aborted"
 * when the reader went away (or `signal` fired) before the end.
 */
export function measureChat(
  metrics: Metrics,
  kind: string,
  chunks: ReadableStream,
  signal: AbortSignal,
): ReadableStream {
  const start = performance.now();
  const reader = chunks.getReader();
  let firstToken: number | null = null;
  let failed = false;
  let recorded = false;
  const finish = (outcome: "completed" | "failed" | "aborted") => {
    if (recorded) return;
    recorded = true;
    metrics.record({
      type: "chat",
      kind,
      firstTokenSeconds: firstToken,
      totalSeconds: secondsSince(start),
      outcome,
    });
  };
  return new ReadableStream({
    async pull(controller) {
      let result: Awaited<ReturnType<typeof reader.read>>;
      try {
        result = await reader.read();
      } catch (error) {
        finish(signal.aborted ? "aborted" : "failed");
        throw error;
      }
      if (result.done) {
        finish(signal.aborted ? "aborted" : failed ? "failed" : "completed");
        controller.close();
        return;
      }
      const type = typeOf(result.value);
      if (type === "text-delta" && firstToken === null) firstToken = secondsSince(start);
      else if (type === "error") failed = true;
      controller.enqueue(result.value);
    },
    cancel(reason) {
      finish("aborted");
      return reader.cancel(reason);
    },
  });
}

function typeOf(chunk: unknown): unknown {
  return typeof chunk === "object" && chunk !== null && "type" in chunk ? chunk.type : undefined;
}
