import { threadPaths } from "@nexus/contracts";
import type { KindDeclaration } from "../../ai/chat/kind-declaration.ts";

/** What lists call a deep research (History's badge, Settings' share list). */
export const RESEARCH_LABEL = "Deep research";

/**
 * The research kind as the product presents it (ARCHITECTURE.md §3.1): a deep research, opened at
 * its run and report, shared with its report's parts (its checked citations among them). Its
 * report runs as a job of its own for now (research.jobs.ts), so this is a declaration, not yet a
 * chat kind on the one turn.
 */
export const researchKind: KindDeclaration = {
  kind: "research",
  label: RESEARCH_LABEL,
  icon: "telescope",
  badge: () => RESEARCH_LABEL,
  link: ({ threadId }) => threadPaths.deepResearch(threadId),
  share: { keepsParts: true },
};
