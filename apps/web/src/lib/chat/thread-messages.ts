import { type AgentTurn, storedTurnToMessages } from "@nexus/contracts";
import type { UIMessage } from "ai";

/** A saved conversation as its kind's endpoint returns it (an agent's, a document's). */
export interface SavedConversation {
  threadId: string;
  /** Whom the conversation is with (a preset's id, "custom:<id>", "document"). */
  subjectId: string;
  turns: readonly AgentTurn[];
}

/**
 * A saved conversation as chat messages (contracts' storedTurnToMessages, as GET /api/threads/:id
 * reads every kind back): per turn, the question (with its attached files' chips) and the reply
 * with the parts it streamed, whether it was stopped and its earlier versions. Every
 * conversation-shaped kind restores through this one path.
 */
export function conversationMessages<M extends UIMessage>(thread: SavedConversation): M[] {
  return thread.turns.flatMap(
    (turn) =>
      storedTurnToMessages({
        shape: "conversation",
        id: turn.id,
        threadId: thread.threadId,
        agentId: thread.subjectId,
        query: turn.text,
        parts: turn.parts,
        // The question's attached files come back as its chips.
        results: turn.attachments ? { attachments: turn.attachments } : {},
        ...(turn.stopped ? { stopped: true } : {}),
        ...(turn.versions ? { versions: turn.versions } : {}),
      }) as M[],
  );
}
