import { isPresetAgentId, PRESET_AGENT_INFO, type ThreadSummary } from "@nexus/contracts";
import { paths } from "@/config/paths.ts";

type Linkable = Pick<ThreadSummary, "threadId" | "title" | "firstQuery"> &
  Partial<Pick<ThreadSummary, "kind" | "agentId">>;

/** Where a thread opens: an agent conversation at its agent's chat, an answer thread as a search. */
export function threadHref(thread: Linkable): string {
  if (thread.kind === "agent" && isPresetAgentId(thread.agentId))
    return paths.app.presetAgent.href(thread.agentId, thread.threadId);
  return paths.app.searchResult.hrefFor(thread.firstQuery || thread.title, thread.threadId);
}

/** The agent's name for an agent conversation (null for answers and unknown agents). */
export function threadAgentName(thread: Partial<Pick<ThreadSummary, "kind" | "agentId">>) {
  return thread.kind === "agent" && isPresetAgentId(thread.agentId)
    ? PRESET_AGENT_INFO[thread.agentId].name
    : null;
}
