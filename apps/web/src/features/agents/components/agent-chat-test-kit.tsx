/**
 * The agent chat screen's test harness (agent-chat.test.tsx, agent-chat-saved.test.tsx): a
 * signed-in person, the writer agent's catalogue, a stand-in for the agents API with scripted
 * streamed replies, and the screen mounted in a router. Each file resets it after every test
 * (resetAgentChatTest): the files of a worker share one module graph.
 */
import {
  AGENT_NEEDS_MODEL_HOW_TO,
  type AgentCatalogueEntry,
  type AgentsResponse,
  PRESET_AGENT_INFO,
  type ThreadResponse,
} from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { MemoryRouter, Route, Routes, useLocation, useParams } from "react-router";
import { vi } from "vitest";
import type { PartRendererProps } from "@/components/chat/part-registry.tsx";
import { meQueryKey, SessionProvider } from "@/lib/session.tsx";
import { SIGNED_IN } from "@/test/signed-in.ts";
import { agentKeys } from "../api/get-agents.ts";
import { clearAgentChats } from "../lib/agent-chat-store.ts";
import { AgentChatScreen } from "./agent-chat.tsx";
import { type AgentChatSlots, AgentChatSlotsContext } from "./agent-chat-slots.tsx";

export const WRITER: AgentCatalogueEntry = {
  id: "writer",
  ...PRESET_AGENT_INFO.writer,
  category: "writing",
  icon: "pen-line",
  starters: ["Tighten this paragraph", "Draft a cover letter", "Make it friendlier"],
  tools: ["web-search", "read-url"],
  needsModel: true,
  available: true,
};

export function catalogue(available = true): AgentsResponse {
  return {
    agents: [{ ...WRITER, available }],
    modelConfigured: available,
    recent: [],
    needsModel: AGENT_NEEDS_MODEL_HOW_TO,
  };
}

export const sse = (chunks: readonly object[]) =>
  chunks
    .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
    .join("")
    .concat("data: [DONE]\n\n");

export function reply(threadId: string, entryId = "e1") {
  return sse([
    {
      type: "start",
      messageId: entryId,
      messageMetadata: { entryId, threadId, agentId: "writer", model: "m", offline: false },
    },
    { type: "start-step" },
    {
      type: "tool-input-available",
      toolCallId: "c1",
      toolName: "web-search",
      input: { query: "cover letters" },
    },
    {
      type: "tool-output-available",
      toolCallId: "c1",
      output: { results: [{ title: "Guide", url: "https://example.com/guide", snippet: "" }] },
    },
    { type: "finish-step" },
    { type: "start-step" },
    { type: "source-url", sourceId: "s1", url: "https://example.com/guide", title: "Guide" },
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: "Dear hiring manager [1]." },
    { type: "text-end", id: "t" },
    { type: "finish-step" },
    { type: "finish" },
  ]);
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The catalogue the screen was set up with (setup sets it), served again when refetched. */
let shownCatalogue: AgentsResponse = catalogue();

/** A stand-in for the agents API: each chat request takes the next response. */
export function server(chatResponses: Array<() => Response>, thread?: ThreadResponse | null) {
  const bodies: Array<Record<string, unknown>> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/chat")) {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      const next = chatResponses.shift();
      if (!next) throw new Error("no more chat responses");
      return next();
    }
    // The catalogue is asked for again after a reply ends or fails (it names recent agents).
    if (url.endsWith("/api/agents")) return json(shownCatalogue);
    if (url.includes("/threads/")) {
      return thread
        ? json(thread)
        : json({ error: { code: "not_found", message: "Not found." } }, 404);
    }
    console.log("UNEXPECTED", url);
    throw new Error(`unexpected request ${url}`);
  });
  vi.stubGlobal("fetch", fetch);
  return { bodies, fetch };
}

export const streamResponse = (body: string) => () =>
  new Response(body, {
    headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" },
  });

let mounts = 0;
export function Screen() {
  const { threadId } = useParams();
  useEffect(() => {
    mounts += 1;
  }, []);
  return <AgentChatScreen agentId="writer" threadId={threadId} />;
}

export function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

export function setup(
  path = "/app/agents/writer",
  available = true,
  extraSlots: Partial<AgentChatSlots> = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, SIGNED_IN);
  shownCatalogue = catalogue(available);
  client.setQueryData(agentKeys.catalogue(), shownCatalogue);
  const quota = vi.fn((details: unknown) => (
    <p data-testid="quota-card">{JSON.stringify(details)}</p>
  ));
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <AgentChatSlotsContext
          value={{
            parts: {
              // The registered text renderer replaces the shared one (as the Python course's does).
              text: ({ part, sources }: PartRendererProps<{ type: "text"; text: string }>) =>
                part.text.trim() === "" ? null : (
                  <div data-testid="markdown" data-sources={sources.map((s) => s.url).join(" ")}>
                    {part.text}
                  </div>
                ),
            },
            renderQuota: quota,
            ...extraSlots,
          }}
        >
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/app/agents/:agentId" element={<Screen />} />
              <Route path="/app/agents/:agentId/:threadId" element={<Screen />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </AgentChatSlotsContext>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), quota, client };
}

/** How many times the screen mounted since the last reset. */
export const mountCount = () => mounts;

export function resetAgentChatTest(): void {
  clearAgentChats();
  vi.unstubAllGlobals();
  mounts = 0;
}
