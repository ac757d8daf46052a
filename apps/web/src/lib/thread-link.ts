import { isPresetAgentId, PRESET_AGENT_INFO, type ThreadSummary } from "@nexus/contracts";
import { paths } from "@/config/paths.ts";

type Linkable = Pick<ThreadSummary, "threadId" | "title" | "firstQuery"> &
  Partial<Pick<ThreadSummary, "kind" | "agentId" | "documentId">>;

/**
 * Where a thread opens: a document chat beside its document, a deep research at its run and
 * report, an agent conversation at its agent's chat, an answer thread as a search.
 */
export function threadHref(thread: Linkable): string {
  if (thread.kind === "research") return paths.app.deepResearch.href(thread.threadId);
  if (thread.documentId) return paths.app.documentChat.href(thread.documentId, thread.threadId);
  if (thread.kind === "agent" && isPresetAgentId(thread.agentId))
    return paths.app.presetAgent.href(thread.agentId, thread.threadId);
  const custom = customAgentIdOf(thread);
  if (custom) return paths.app.customAgentChat.href(custom, thread.threadId);
  return paths.app.searchResult.hrefFor(thread.firstQuery || thread.title, thread.threadId);
}

/** The custom agent of a conversation with one ("custom:<id>"), else null. */
function customAgentIdOf(thread: Partial<Pick<ThreadSummary, "kind" | "agentId">>) {
  const match =
    thread.kind === "agent" ? /^custom:([0-9a-f-]{36})$/.exec(thread.agentId ?? "") : null;
  return match?.[1] ?? null;
}

/** What history calls a deep research thread. */
export const RESEARCH_THREAD_LABEL = "Deep research";

/**
 * The agent's name for an agent conversation, "Deep research" for a research (null for answers and
 * unknown agents).
 */
export function threadAgentName(
  thread: Partial<Pick<ThreadSummary, "kind" | "agentId" | "agentName">>,
) {
  if (thread.kind === "research") return RESEARCH_THREAD_LABEL;
  if (thread.kind === "agent" && isPresetAgentId(thread.agentId))
    return PRESET_AGENT_INFO[thread.agentId].name;
  return customAgentIdOf(thread) ? (thread.agentName ?? "Custom agent") : null;
}
