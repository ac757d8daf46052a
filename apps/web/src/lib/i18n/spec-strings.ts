import { OFFLINE_MODE_EXPLANATION, OFFLINE_MODE_LABEL } from "@nexus/contracts/answer-constants";
import {
  CITATION_UNVERIFIED_LABEL,
  CITATION_VERIFIED_LABEL,
  COUNTER_LABELS,
  LINK_RECENTLY_SENT_MESSAGE,
  MESSAGES,
} from "@nexus/contracts/messages";

/**
 * The product's fixed strings that live as constants in @nexus/contracts (the spec's MESSAGES and
 * a few more the server says too): English's `spec.<key>` messages are these constants, so their
 * English text stays the one constant's; other languages translate them in their catalogues.
 */
export const SPEC_STRINGS = {
  ...MESSAGES,
  linkRecentlySent: LINK_RECENTLY_SENT_MESSAGE,
  counterSearch: COUNTER_LABELS.search,
  counterAddFiles: COUNTER_LABELS.addFiles,
  counterAgentUsage: COUNTER_LABELS.agentUsage,
  citationVerified: CITATION_VERIFIED_LABEL,
  citationUnverified: CITATION_UNVERIFIED_LABEL,
  offlineMode: OFFLINE_MODE_LABEL,
  offlineModeExplanation: OFFLINE_MODE_EXPLANATION,
} as const;
export type SpecKey = keyof typeof SPEC_STRINGS;
