import {
  type DocumentCitation,
  type DocumentInfo,
  OFFLINE_MODE_LABEL,
  storedResultsOf,
  storedTurnToMessages,
  type ThreadResponse,
} from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { meQueryKey, SessionProvider } from "@/lib/session.tsx";
import { SIGNED_IN } from "@/test/signed-in.ts";
import { clearDocumentChats } from "../lib/document-chat-store.ts";
import { DocumentChatPanel } from "./document-chat-panel.tsx";

const DOC: DocumentInfo = {
  id: "f1",
  name: "tracemonkey.pdf",
  kind: "pdf",
  viewer: "pdf",
  status: "ready",
  pages: 14,
  size: 1000,
  warnings: [],
  ocrPages: [],
  runId: "r1",
};

function citation(marker: number, source: number, extra: Partial<DocumentCitation> = {}) {
  return {
    marker,
    source,
    fileId: "f1",
    ordinal: source,
    label: `Page ${source}`,
    quote: `quote ${marker}`,
    verified: true,
    match: "exact",
    ranges: [{ page: source, start: 0, end: 10 }],
    ...extra,
  } satisfies DocumentCitation;
}

/** Two markers of source 1 (one unverified) and one of source 2, in this order in the text. */
const TEXT = 'Traces are recorded [1: "quote 0"]. Loops [2] are compiled; guards [1: "gone"] exit.';
const CITATIONS: DocumentCitation[] = [
  citation(0, 1),
  citation(1, 2, { quote: "loops are hot" }),
  citation(2, 1, { quote: "gone", verified: false, match: "none", ranges: [] }),
];

const sse = (chunks: readonly object[]) =>
  chunks
    .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
    .join("")
    .concat("data: [DONE]\n\n");

function replyStream(text: string, citations: DocumentCitation[]) {
  return sse([
    { type: "start", messageId: "e1", messageMetadata: { entryId: "e1", threadId: "t1" } },
    { type: "start-step" },
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: text },
    { type: "text-end", id: "t" },
    { type: "data-citations", data: citations },
    { type: "finish-step" },
    { type: "finish" },
  ]);
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The chat's files as …/threads/t1/files answers (the document first; more: a collection). */
function chatFiles(count: number) {
  return {
    threadId: "t1",
    files: Array.from({ length: count }, (_, i) => ({
      id: `f${i + 1}`,
      name: i === 0 ? "tracemonkey.pdf" : `notes-${i}.md`,
      kind: i === 0 ? "pdf" : "md",
      status: "ready",
      primary: i === 0,
    })),
  };
}

function server(chat: string[], thread: ThreadResponse | "missing" | null, files = 1) {
  const bodies: Array<Record<string, unknown>> = [];
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    urls.push(url);
    if (url.endsWith("/api/documents/f1/chat")) {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      const body = chat.shift();
      if (body === undefined) throw new Error("no more chat responses");
      return new Response(body, {
        headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" },
      });
    }
    if (url.startsWith("/api/threads/t1?")) {
      // A thread with no turn yet is an empty one about its document (as the server answers).
      if (thread === "missing")
        return json({ error: { code: "not_found", message: "Not found." } }, 404);
      return json(thread ?? { ...savedThread("f1"), messages: [] });
    }
    if (url.endsWith("/api/documents/f1/threads/t1/files")) return json(chatFiles(files));
    return json({});
  });
  vi.stubGlobal("fetch", fetch);
  return { bodies, urls };
}

/** A saved document chat as GET /api/threads/:id gives it (one turn about `documentId`). */
function savedThread(documentId: string): ThreadResponse {
  return {
    threadId: "t1",
    kind: "document",
    subject: { id: documentId, name: "tracemonkey.pdf" },
    entries: [],
    messages: [
      { id: "e1-question", role: "user", parts: [{ type: "text", text: "What is traced?" }] },
      {
        id: "e1",
        role: "assistant",
        metadata: { entryId: "e1", threadId: "t1", agentId: documentId },
        parts: [
          { type: "text", text: TEXT, state: "done" },
          { type: "data-citations", data: CITATIONS },
        ],
      },
    ],
  };
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, SIGNED_IN);
  const onCitation = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter>
          <DocumentChatPanel
            document={DOC}
            threadId="t1"
            onCitation={onCitation}
            header={(thread) => <h2>Thread: {thread.firstQuery}</h2>}
          />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onCitation };
}

afterEach(async () => {
  clearDocumentChats();
  vi.unstubAllGlobals();
  // The web project's files share one module graph: leave the interface in English.
  await activateLocale("en");
});

describe("DocumentChatPanel", () => {
  it("offers the suggestions in an empty thread; one sends the question with the thread and reasoning", async () => {
    const { bodies } = server([replyStream(TEXT, CITATIONS)], null);
    const { user } = setup();
    const suggestions = await screen.findByTestId("document-suggestions");
    // A PDF's: questions for a text (until its own headings have arrived).
    expect(
      within(suggestions)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([
      "Summarise this",
      "What are the key points?",
      "What does it conclude?",
      "What questions does it leave open?",
    ]);
    await user.click(screen.getByTestId("document-reasoning"));
    await user.click(within(suggestions).getByRole("button", { name: "Summarise this" }));
    await screen.findAllByTestId("document-citation");
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ threadId: "t1", reasoning: true });
    expect(screen.getByTestId("document-question").textContent).toBe("Summarise this");
    expect(screen.queryByTestId("document-suggestions")).toBeNull();
  });

  it("offers a collection's starters about its files together, and French ones in French", async () => {
    const { bodies } = server([replyStream(TEXT, CITATIONS)], null, 3);
    const { user } = setup();
    const suggestions = await screen.findByTestId("document-suggestions");
    await within(suggestions).findByRole("button", { name: "How do these files differ?" });
    expect(suggestions).toHaveTextContent("Ask about these files, or start with:");
    expect(within(suggestions).queryByRole("button", { name: "Summarise this" })).toBeNull();
    await activateLocale("fr");
    expect(
      await within(suggestions).findByRole("button", {
        name: "En quoi ces fichiers diffèrent-ils ?",
      }),
    ).toBeTruthy();
    // A click sends the starter as the person's question, in the language it is shown in.
    await user.click(
      within(suggestions).getByRole("button", { name: "De quoi parle chaque fichier ?" }),
    );
    await screen.findAllByTestId("document-citation");
    expect(JSON.stringify(bodies[0])).toContain('"text":"De quoi parle chaque fichier ?"');
  });

  it("shows the text without quotes; the k-th chip is citations[marker k] and a click hands it over", async () => {
    server([replyStream(TEXT, CITATIONS)], null);
    const { user, onCitation } = setup();
    await user.click(await screen.findByRole("button", { name: "Summarise this" }));
    const chips = await screen.findAllByTestId("document-citation");
    // The quotes are not shown in the text: each marker is a chip numbered as the reply wrote it.
    const text = screen.getByTestId("document-reply-text");
    expect(text.textContent).not.toContain('"quote 0"');
    expect(text.textContent).not.toContain("gone");
    expect(chips.map((chip) => chip.dataset.citation)).toEqual(["1", "2", "1"]);
    expect(chips.map((chip) => chip.dataset.marker)).toEqual(["0", "1", "2"]);
    // The third chip cites source 1 like the first, but it is its own (unverified) citation.
    await user.click(chips[2] as HTMLElement);
    expect(onCitation).toHaveBeenLastCalledWith(CITATIONS[2]);
    await user.click(chips[1] as HTMLElement);
    expect(onCitation).toHaveBeenLastCalledWith(CITATIONS[1]);
    // By keyboard too.
    (chips[0] as HTMLElement).focus();
    await user.keyboard("{Enter}");
    expect(onCitation).toHaveBeenLastCalledWith(CITATIONS[0]);
  });

  it("an unverified citation's chip says passage not found; focus previews the quote and label", async () => {
    server([replyStream(TEXT, CITATIONS)], null);
    const { user } = setup();
    await user.click(await screen.findByRole("button", { name: "Summarise this" }));
    const chips = await screen.findAllByTestId("document-citation");
    expect(chips[0]?.textContent).toBe("1");
    expect(chips[0]?.dataset.verified).toBe("true");
    expect(chips[2]?.textContent).toBe("1passage not found");
    expect(chips[2]?.dataset.verified).toBe("false");
    (chips[1] as HTMLElement).focus();
    const card = await screen.findByTestId("document-citation-preview");
    expect(card.textContent).toContain("Page 2");
    expect(card.textContent).toContain("loops are hot");
  });

  it("lists each cited passage once: citations of one page are merged", async () => {
    server([replyStream(TEXT, CITATIONS)], null);
    const { user } = setup();
    await user.click(await screen.findByRole("button", { name: "Summarise this" }));
    const passages = await screen.findAllByTestId("document-passage");
    expect(passages.map((p) => p.textContent)).toEqual([
      "Page 1“quote 0”“gone”",
      "Page 2“loops are hot”",
    ]);
  });

  it("restores a saved thread with its citations (no request to the chat)", async () => {
    const { bodies, urls } = server([], savedThread("f1"));
    const { user, onCitation } = setup();
    const chips = await screen.findAllByTestId("document-citation");
    expect(screen.getByTestId("document-question").textContent).toBe("What is traced?");
    expect(screen.queryByTestId("document-suggestions")).toBeNull();
    expect(chips).toHaveLength(3);
    await user.click(chips[1] as HTMLElement);
    expect(onCitation).toHaveBeenCalledWith(CITATIONS[1]);
    expect(bodies).toHaveLength(0);
    // Through the one thread API.
    expect(urls.filter((url) => url.includes("/threads/"))).toEqual([
      "/api/threads/t1?kind=document&subject=f1",
    ]);
  });

  it("restores an offline reply with its Offline mode badge, from what the turn saved", async () => {
    // The saved turn as the server keeps it (results with `offline`), read back as the thread API
    // does (contracts' one converter), not a hand-made message.
    const messages = storedTurnToMessages({
      shape: "conversation",
      id: "e1",
      threadId: "t1",
      query: "What is traced?",
      agentId: "f1",
      parts: [{ type: "text", text: TEXT }],
      results: storedResultsOf({ markdown: TEXT, offline: true, model: "extractive" }),
    });
    server([], { ...savedThread("f1"), messages });
    setup();
    const badge = await screen.findByTestId("offline-badge");
    expect(badge).toHaveTextContent(OFFLINE_MODE_LABEL);
    expect(screen.getByTestId("document-question").textContent).toBe("What is traced?");
  });

  it("restores a reply of a model without the badge", async () => {
    server([], savedThread("f1"));
    setup();
    await screen.findAllByTestId("document-citation");
    expect(screen.queryByTestId("offline-badge")).toBeNull();
  });

  it("says a thread that is not this document's (or not there) is not available, with a new chat", async () => {
    server([], "missing");
    setup();
    const missing = await screen.findByTestId("thread-unavailable");
    expect(missing).toHaveTextContent("This thread isn't available");
    expect(within(missing).getByRole("link", { name: "Start a new conversation" })).toHaveAttribute(
      "href",
      "/app/document-chat/f1",
    );
    expect(screen.queryByTestId("document-suggestions")).toBeNull();
  });

  it("draws the thread's bar (title, share) once a reply has finished, not before", async () => {
    server([replyStream(TEXT, CITATIONS)], null);
    const { user } = setup();
    await screen.findByTestId("document-suggestions");
    expect(screen.queryByRole("heading", { name: /^Thread:/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Summarise this" }));
    expect(await screen.findByRole("heading", { name: "Thread: Summarise this" })).toBeTruthy();
  });
});
