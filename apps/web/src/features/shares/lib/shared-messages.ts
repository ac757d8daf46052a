import type { FocusMode, PublicShare, SharedAgent, SharedThreadMessage } from "@nexus/contracts";
import { t } from "@/lib/i18n/i18n.ts";

/** A share, whatever its kind, as what the page shows: a title and its turns, oldest first. */
export interface SharedConversation {
  shareId: string;
  kind: PublicShare["kind"];
  title: string;
  focusMode: FocusMode;
  /** When the snapshot was taken. */
  sharedAt: string;
  messages: SharedThreadMessage[];
  /** A conversation with an agent: which (its messages carry their parts). */
  agent?: SharedAgent;
}

/** A shared answer or thread (a shared document is drawn by NexDocs, not as a conversation). */
export function sharedConversationOf(
  share: Exclude<PublicShare, { kind: "nexdoc" }>,
): SharedConversation {
  if (share.kind !== "thread") {
    const { answer } = share;
    return {
      shareId: share.shareId,
      kind: "answer",
      title: answer.query,
      focusMode: answer.focusMode,
      sharedAt: answer.timestamp,
      messages: [
        {
          query: answer.query,
          content: answer.content,
          thinkingContent: answer.thinkingContent,
          sources: answer.sources,
          images: answer.images,
          videos: answer.videos,
          offline: answer.offline,
          timestamp: answer.timestamp,
          ...(answer.parts ? { parts: answer.parts } : {}),
        },
      ],
      ...(answer.agent ? { agent: answer.agent } : {}),
    };
  }
  const { thread } = share;
  return {
    shareId: share.shareId,
    kind: "thread",
    title: thread.title || thread.messages[0]?.query || t("shares.sharedThread"),
    focusMode: thread.focusMode,
    sharedAt: thread.timestamp,
    messages: thread.messages,
    ...(thread.agent ? { agent: thread.agent } : {}),
  };
}
