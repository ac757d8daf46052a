import { z } from "zod";

/**
 * The one kind vocabulary (ARCHITECTURE.md §3.1 "A kind is declared once"): what kind of chat a
 * thread, a history entry, a share and a chat job are. The kinds this product ships are listed
 * here; what each one is (label, subject, thread link, share presentation, history filter) is
 * declared once by its server module (modules/<x>/<x>.chat.ts) and reaches the web through the
 * API (a thread's `label`, `subject`, `href`), so no other code branches on a kind's id. The wire
 * accepts any well-formed id: a kind registered on the server is listed without touching this file.
 */
export const CHAT_KINDS = ["answer", "agent", "document", "research"] as const;
export type ShippedChatKind = (typeof CHAT_KINDS)[number];

/** A kind's id on the wire: lower-case words joined by '-'. */
export const chatKindSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/);
export type ChatKindId = z.infer<typeof chatKindSchema>;

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
export const historyFilterSchema = z.enum(
  Object.keys(HISTORY_FILTERS) as [HistoryFilter, ...HistoryFilter[]],
);

/**
 * What a thread is with, as its kind names it: an agent, a document, a research question… `name`
 * is what the person reads (the agent's name, the document's file name); null: nothing to name.
 */
export const threadSubjectSchema = z.object({ id: z.string(), name: z.string() });
export type ThreadSubject = z.infer<typeof threadSubjectSchema>;

/**
 * How a thread of a kind is presented wherever it is listed (history, Recent, the library,
 * Settings' share list): its kind's label, its subject, the badge beside its title (null: none)
 * and where it opens. Made on the server from the kind's declaration.
 */
export const threadPresentationSchema = z.object({
  kind: chatKindSchema,
  /** The kind's label ("Answer", "Agent", "Document chat", "Deep research"). */
  label: z.string(),
  subject: threadSubjectSchema.nullable(),
  /** The badge a listed thread shows (an agent's or document's name, "Deep research"). */
  badge: z.string().nullable(),
  /** The badge's icon, a name of the app's kind icons ("bot", "telescope", "file-text"). */
  icon: z.string().nullable(),
  /** The app path the thread opens at. */
  href: z.string(),
});
export type ThreadPresentation = z.infer<typeof threadPresentationSchema>;

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
};
