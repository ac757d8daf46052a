import {
  type AgentMessageMetadata,
  type AgentTurnVersion,
  type AnswerAttachment,
  type AnswerSource,
  storedTurnToMessages,
} from "@nexus/contracts";
import type { UIMessage } from "ai";

/** A message of an agent chat: AgentMessageMetadata on replies; tool parts as the server sends them. */
export type AgentUIMessage = UIMessage<Partial<AgentMessageMetadata> & { stopped?: boolean }>;
export type AgentUIPart = AgentUIMessage["parts"][number];

/** The text of a message (its text parts, joined). */
export function messageText(message: AgentUIMessage): string {
  return message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("\n\n")
    .trim();
}

/** "example.com" for a URL (without www.), or the text itself when it is not one. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** The URL when it is an http(s) one (safe to link to), else null. */
export function safeHttpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * A path on this server ("/api/files/<id>/download#page=2", "/blog/…"): a passage of a file or of
 * the guides, which the server numbers as a source like a web page.
 */
export function isLocalPath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
}

/** The reply's sources (its source-url parts, first mention first), numbered for [n] citations. */
export function sourcesOf(message: AgentUIMessage): AnswerSource[] {
  const seen = new Set<string>();
  const sources: AnswerSource[] = [];
  for (const part of message.parts) {
    if (part.type !== "source-url" || seen.has(part.url)) continue;
    const local = isLocalPath(part.url);
    if (!local && !safeHttpUrl(part.url)) continue;
    seen.add(part.url);
    const domain = local ? "" : hostOf(part.url);
    sources.push({
      title: part.title || domain,
      url: part.url,
      domain,
      favicon: null,
      snippet: "",
    });
  }
  return sources;
}

/** The files attached to a message (its data-attachments part), e.g. to send their ids again. */
export function attachmentsOf(message: AgentUIMessage): AnswerAttachment[] {
  return message.parts.flatMap((part) =>
    part.type === "data-attachments" && Array.isArray(part.data)
      ? (part.data as AnswerAttachment[])
      : [],
  );
}

/**
 * An earlier version of a reply as a read-only reply of its own (contracts' storedTurnToMessages);
 * it keeps only whether it was stopped, not the saved entry's ids (it is no entry of its own).
 */
export function versionReply(
  latest: Pick<AgentUIMessage, "id">,
  version: AgentTurnVersion,
  index: number,
): AgentUIMessage {
  const id = `${latest.id}-v${index + 1}`;
  const [, reply] = storedTurnToMessages({
    shape: "conversation",
    id,
    threadId: "",
    query: version.text,
    parts: version.parts,
    results: {},
  });
  return {
    id,
    role: "assistant",
    parts: (reply?.parts ?? []) as AgentUIPart[],
    metadata: version.stopped ? { stopped: true } : {},
  };
}

/** The conversation id the server gave this chat (the `start` metadata of a reply), if any. */
export function threadIdOf(messages: readonly AgentUIMessage[]): string | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const threadId = messages[index]?.metadata?.threadId;
    if (typeof threadId === "string" && threadId !== "") return threadId;
  }
  return null;
}
