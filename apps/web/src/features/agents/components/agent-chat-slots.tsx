import type { AnswerSource } from "@nexus/contracts";
import { createContext, type ReactNode, use } from "react";
import type { PartRenderers } from "@/components/chat/part-registry.tsx";

/** What a markdown renderer of a reply is given (the shared chat renderer takes the same). */
export interface AgentMarkdownProps {
  markdown: string;
  sources: readonly AnswerSource[];
  streaming?: boolean;
  className?: string;
  headingBase?: number;
}

/**
 * What the agent chat borrows from other features: features may not import each other, so the app
 * layer (the preset agent route) provides the answer page's quota card and the saved replies'
 * actions.
 */
export interface AgentChatSlots {
  /**
   * Part renderers that replace the agent chat's own for the same types (agent-parts.tsx): the
   * Python course's text with Run buttons.
   */
  parts?: PartRenderers;
  /**
   * The reply's sources as this reader is shown them (default: as cited). A custom agent's link
   * holder gets its owner's files without their links (url "": named, not opened).
   */
  shownSources?: (sources: readonly AnswerSource[]) => readonly AnswerSource[];
  /** The card for a used-up quota (429 quota_exceeded's details), or null when it cannot tell. */
  renderQuota: (details: unknown) => ReactNode;
  /**
   * Beside the composer's status line of a new conversation (the only kind that is charged): how
   * many agent chats are left when few are.
   */
  renderComposerHint?: () => ReactNode;
  /** Bookmark, share, delete and feedback under a saved reply (none without a provider). */
  renderReplyActions?: (reply: AgentReplyContext) => ReactNode;
  /**
   * Above a saved conversation: its title with Rename, Share thread and Delete (the history and
   * shares features' own header; none without a provider).
   */
  renderThreadHeader?: (thread: AgentThreadContext) => ReactNode;
  /** Between the conversation and the composer: the agent's own tools (the Python scratchpad). */
  renderWorkbench?: (workbench: AgentWorkbenchContext) => ReactNode;
}

/** What the header of a saved conversation knows about it. */
export interface AgentThreadContext {
  threadId: string;
  /** The person's first message (the title until the server's arrives). */
  firstQuery: string;
  /** After the thread was deleted: back to the agent's empty chat. */
  onDeleted: () => void;
}

/** What a workbench may do with the chat. */
export interface AgentWorkbenchContext {
  /** Puts text into the composer (replacing what is there) for the person to send. */
  fillComposer: (text: string) => void;
  /** The composer takes no message now (no model, or the conversation is full). */
  composerDisabled: boolean;
}

/** What the actions of one saved reply know about it (a reply is a history entry). */
export interface AgentReplyContext {
  threadId: string;
  entryId: string;
  /** The person's message the reply answers. */
  query: string;
  markdown: string;
  /** Takes this message and its reply off the page (after the server deleted the entry). */
  removeTurn: () => void;
}

/** Without a provider: no quota card and no actions beyond Copy and Regenerate. */
const FALLBACK: AgentChatSlots = { renderQuota: () => null };

export const AgentChatSlotsContext = createContext<AgentChatSlots>(FALLBACK);

export function useAgentChatSlots(): AgentChatSlots {
  return use(AgentChatSlotsContext);
}
