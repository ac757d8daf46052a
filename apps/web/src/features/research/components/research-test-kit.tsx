import type {
  ResearchCitation,
  ResearchItem,
  ResearchNote,
  ResearchSource,
  Tier,
} from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { meQueryKey, SessionProvider } from "@/lib/session.tsx";
import { signedInAs } from "@/test/signed-in.ts";

export const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

export function item(extra: Partial<ResearchItem> = {}): ResearchItem {
  return {
    threadId: "T1",
    runId: "R1",
    question: "How do share links work?",
    depth: "quick",
    sources: "both",
    status: "running",
    subQuestions: [],
    createdAt: "2026-01-01T10:00:00.000Z",
    endedAt: null,
    sourcesRead: 0,
    sourcesFound: 0,
    spent: { steps: 0, pages: 0, tokens: 0, elapsedMs: 0 },
    entryId: null,
    offline: false,
    error: null,
    ...extra,
  };
}

export function source(id: number, extra: Partial<ResearchSource> = {}): ResearchSource {
  return {
    id,
    kind: "web",
    url: `https://example.com/${id}`,
    title: `Page ${id}`,
    fileId: null,
    question: 1,
    status: "read",
    reason: null,
    ...extra,
  };
}

export function note(id: number, sourceId: number, extra: Partial<ResearchNote> = {}) {
  return {
    id,
    sourceId,
    question: 1,
    text: `Finding ${id}`,
    quote: `the words of note ${id}`,
    check: "exact",
    page: null,
    ...extra,
  } satisfies ResearchNote;
}

export const citation = (n: ResearchNote, s: ResearchSource): ResearchCitation => ({
  note: n,
  source: s,
});

/** A text/event-stream body of run events, ended by its status message when `end` is given. */
export function runStream(events: Array<{ type: string; payload: object }>, end?: string) {
  const body = events
    .map((event, i) => {
      const seq = i + 1;
      const data = { seq, ...event, at: "2026-01-01T10:00:00.000Z" };
      return `id: ${seq}\ndata: ${JSON.stringify(data)}\n\n`;
    })
    .join("");
  const tail = end ? `event: status\ndata: ${JSON.stringify({ status: end })}\n\n` : "";
  return new Response(body + tail, { headers: { "content-type": "text/event-stream" } });
}

/** Stubs fetch with `handle` (a URL and init to a Response); records each request. */
export function server(
  handle: (url: string, init: RequestInit | undefined) => Response | Promise<Response> | null,
) {
  const requests: Array<{ url: string; method: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return (await handle(url, init)) ?? json({ error: { code: "not_found", message: "No." } }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  return requests;
}

function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

/** Renders `ui` at `path` (matched by `pattern`), signed in at `tier`; other paths show their URL. */
export function renderAt(
  ui: ReactNode,
  options: { path: string; pattern: string; tier?: Exclude<Tier, "anonymous"> },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, signedInAs(options.tier ?? "free"));
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter initialEntries={[options.path]}>
          <Routes>
            <Route path={options.pattern} element={ui} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}
