import type { FileEvent } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useFileEvents } from "./file-events.ts";

/**
 * A file's reading followed through the one run-events client (lib/run-events): a dropped stream
 * is resumed after the last event with Last-Event-ID; `ready` ends it and the list is read again.
 */

afterEach(() => vi.unstubAllGlobals());

const event = (seq: number, type: FileEvent["type"], message: string): string =>
  `id: ${seq}\ndata: ${JSON.stringify({ seq, type, message, at: "2026-01-01T00:00:00.000Z" })}\n\n`;

function streamOf(parts: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part));
        controller.close();
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );
}

function Progress({ fileId }: { fileId: string }) {
  const latest = useFileEvents(fileId, true);
  return <p data-testid="progress">{latest ? `${latest.type}: ${latest.message}` : "none"}</p>;
}

describe("useFileEvents", () => {
  it("resumes after a dropped stream from the last event, ends at ready and reads the list again", async () => {
    const asked: Array<{ url: string; last: string | null }> = [];
    const responses = [
      // Dropped after two events (no ending): the next connection starts after event 2.
      () => streamOf([event(1, "uploaded", "Uploaded"), event(2, "parsing", "Reading page 1")]),
      () => streamOf([event(3, "ready", "Ready"), event(4, "parsing", "never read")]),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        asked.push({ url: String(input), last: new Headers(init?.headers).get("last-event-id") });
        const next = responses.shift();
        if (!next) throw new Error("no more responses");
        return next();
      }),
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    render(
      <QueryClientProvider client={client}>
        <Progress fileId="f 1" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("progress")).toHaveTextContent("ready: Ready"));
    expect(asked).toEqual([
      { url: "/api/files/f%201/events", last: null },
      { url: "/api/files/f%201/events", last: "2" },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["files"] });
  });
});
