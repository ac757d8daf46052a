import { type AnyKind, type ChatKinds, chatKindRegistry } from "./ai/chat/chat-kinds.ts";
import { agentChat } from "./modules/agents/agents.chat.ts";
import { answerChat } from "./modules/answer/answer.chat.ts";
import { documentChat } from "./modules/documents/documents.chat.ts";
import { extractionKind } from "./modules/extraction/extraction.chat.ts";
import { nexdocsChat } from "./modules/nexdocs/nexdocs.chat.ts";
import { nexdocsAiChat } from "./modules/nexdocs/nexdocs-ai.chat.ts";
import { researchKind } from "./modules/research/research.chat.ts";

/**
 * Every kind this server knows, from the modules that own them (modules/<x>/<x>.chat.ts): the
 * chat runners look a job's kind up here, and history, shares and the thread API read each
 * kind's declaration here, knowing no module (ARCHITECTURE.md §3.1). A new kind is one line here
 * and one route line in its module. The first is how a row of an unknown kind is presented.
 */
export const CHAT_KINDS: readonly AnyKind[] = [
  answerChat,
  agentChat,
  documentChat,
  researchKind,
  nexdocsChat,
  nexdocsAiChat,
  extractionKind,
];

export function chatKinds(extra: readonly AnyKind[] = []): ChatKinds {
  return chatKindRegistry([...CHAT_KINDS, ...extra]);
}
