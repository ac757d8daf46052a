// The kinds' names, history filters and thread paths, without zod: the web's first pages read
// these (the site header's links), and kinds.ts's schemas beside them would bring zod's chunk into
// those pages. messages-spec.test.ts keeps this file free of value imports.

export const CHAT_KINDS = [
  "answer",
  "agent",
  "document",
  "research",
  "nexdocs",
  "extraction",
] as const;
export type ShippedChatKind = (typeof CHAT_KINDS)[number];

/**
 * The history list's filters: each kind declares the one it is listed under (absent: only under
 * "all"). `label` is the filter's tab; `empty` and `hint` what an empty filtered list says, and
 * `action` the link it offers (to `actionHref`).
 */
export const HISTORY_FILTERS = {
  answer: {
    label: "Answers",
    empty: "No answer threads yet",
    hint: "Every question you ask while signed in is kept here, newest activity first.",
    action: "Ask a question",
    actionHref: "/app",
  },
  agent: {
    label: "Agents",
    empty: "No agent conversations yet",
    hint: "Conversations with agents are kept here once their first reply is written.",
    action: "Browse agents",
    actionHref: "/app/agents",
  },
} as const;
export type HistoryFilter = keyof typeof HISTORY_FILTERS;

const SLUG_MAX_CHARS = 60;

/** The readable part of a thread URL: the question lower-cased, runs of other characters as '-'. */
export function threadSlug(query: string): string {
  const slug = query
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX_CHARS)
    .replace(/^-+|-+$/g, "");
  return slug || "thread";
}

const seg = (value: string) => encodeURIComponent(value);
const withThread = (base: string, threadId?: string) =>
  threadId ? `${base}/${seg(threadId)}` : base;

/**
 * The app paths a thread opens at, for the kinds' declarations (the server) and the web's route
 * table (config/paths.ts builds the same links from these).
 */
export const threadPaths = {
  search: (query: string, threadId: string) =>
    `/app/search/${seg(`${threadSlug(query)}-${threadId}`)}`,
  presetAgent: (agentId: string, threadId?: string) =>
    withThread(`/app/agents/${seg(agentId)}`, threadId),
  customAgent: (agentId: string, threadId?: string) =>
    withThread(`/app/agents/custom/${seg(agentId)}`, threadId),
  deepResearch: (threadId?: string) => withThread("/app/agents/deepresearch", threadId),
  documentChat: (documentId: string, threadId?: string) =>
    withThread(`/app/document-chat/${seg(documentId)}`, threadId),
  nexdocs: (documentId: string, threadId?: string) =>
    withThread(`/app/nexdocs/${seg(documentId)}`, threadId),
  extraction: (threadId?: string) =>
    withThread("/app/agents/structured-information-extraction", threadId),
};
