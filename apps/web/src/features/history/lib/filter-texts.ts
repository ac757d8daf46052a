import type { HistoryFilter } from "@nexus/contracts";
import type { MessageId } from "@/lib/i18n/i18n.ts";

/**
 * The catalogue keys of each history filter's texts (contracts kind-paths.ts HISTORY_FILTERS keeps
 * their English and the action's link): its tab, what its empty list says, and its action. Keyed
 * by the filter, so a filter a kind adds fails to compile until its texts are here.
 */
export const FILTER_TEXTS: Readonly<
  Record<HistoryFilter, { label: MessageId; empty: MessageId; hint: MessageId; action: MessageId }>
> = {
  answer: {
    label: "history.filter.answer.label",
    empty: "history.filter.answer.empty",
    hint: "history.filter.answer.hint",
    action: "history.filter.answer.action",
  },
  agent: {
    label: "history.filter.agent.label",
    empty: "history.filter.agent.empty",
    hint: "history.filter.agent.hint",
    action: "history.filter.agent.action",
  },
};
