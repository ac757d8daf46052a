import { type AnyChatKind, type ChatKinds, chatKindRegistry } from "./ai/chat/chat-kinds.ts";
import { agentChat } from "./modules/agents/agents.chat.ts";
import { answerChat } from "./modules/answer/answer.chat.ts";
import { documentChat } from "./modules/documents/documents.chat.ts";

/**
 * Every chat kind this server runs, from the modules that own them (modules/<x>/<x>.chat.ts):
 * the chat runners look a job's kind up here and know no module (ARCHITECTURE.md §3.1). A new
 * kind is one line here and one route line in its module.
 */
export const CHAT_KINDS: readonly AnyChatKind[] = [answerChat, agentChat, documentChat];

export function chatKinds(extra: readonly AnyChatKind[] = []): ChatKinds {
  return chatKindRegistry([...CHAT_KINDS, ...extra]);
}
