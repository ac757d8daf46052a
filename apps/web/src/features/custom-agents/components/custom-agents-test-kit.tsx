import type { CustomAgent, CustomAgentsResponse, FileList } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation, useParams } from "react-router";
import { vi } from "vitest";
import { CustomAgentChat } from "@/app/routes/app/custom-agent-chat.tsx";
import type { PartRendererProps } from "@/components/chat/part-registry.tsx";
import { AgentChatSlotsContext } from "@/features/agents/components/agent-chat-slots.tsx";
import { needCatalogue } from "@/lib/i18n/i18n.ts";
import { meQueryKey, SessionProvider } from "@/lib/session.tsx";
import { SIGNED_IN } from "@/test/signed-in.ts";
import { AcceptShare } from "./accept-share.tsx";

// Custom agents' messages are a catalogue part of their own, loaded with their routes (router.tsx).
await needCatalogue("customAgents");

/** What the custom agents' web tests share: a signed-in person, two agents, the API at fetch. */

export const MINE: CustomAgent = {
  id: "a1",
  name: "Recipe helper",
  emoji: "🍳",
  color: "amber",
  description: "Plans meals from what is in the fridge.",
  instructions: "Suggest recipes.",
  starters: ["What can I cook tonight?"],
  tools: ["web-search"],
  model: "default",
  knowledgeFiles: [],
  knowledgeCount: 0,
  available: true,
  isOwner: true,
  sharePath: null,
  updatedAt: "2026-01-01T00:00:00.000Z",
};

export const THEIRS: CustomAgent = {
  ...MINE,
  id: "b2",
  name: "Tax explainer",
  emoji: "🧾",
  color: "teal",
  description: "Explains tax forms.",
  instructions: null,
  isOwner: false,
};

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** GET /api/files of a person with no files (the editor's knowledge picker asks for it). */
export const NO_FILES: FileList = {
  files: [],
  storageUsed: 0,
  addFiles: { current: 0, limit: 30 },
  maxBytes: 50 * 1024 * 1024,
};

export type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** The custom agents API at the network boundary: handlers first, then the list. */
export function server(list: CustomAgentsResponse, handlers: Handler[] = []) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    for (const handler of handlers) {
      const response = handler(url, init);
      if (response) return response;
    }
    if (method === "GET" && url === "/api/custom-agents") return json(list);
    if (method === "GET" && url === "/api/files") return json(NO_FILES);
    throw new Error(`unexpected request ${method} ${url}`);
  });
  vi.stubGlobal("fetch", fetch);
  return { calls };
}

export function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

export function renderAt(path: string, routes: React.ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(meQueryKey, SIGNED_IN);
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <AgentChatSlotsContext
          value={{
            parts: {
              text: ({ part }: PartRendererProps<{ type: "text"; text: string }>) =>
                part.text.trim() === "" ? null : <div data-testid="markdown">{part.text}</div>,
            },
            renderQuota: () => null,
          }}
        >
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              {routes}
              <Route path="*" element={<p data-testid="elsewhere" />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </AgentChatSlotsContext>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

export function ChatAt() {
  const { agentId = "", threadId } = useParams();
  return <CustomAgentChat agentId={agentId} threadId={threadId} />;
}

export function ShareAt() {
  const { token = "" } = useParams();
  return <AcceptShare token={token} />;
}
