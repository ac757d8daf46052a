import type { ThreadEntry, ThreadEntryVersion } from "@nexus/contracts";
import type { AnswerUIMessage } from "./answer-message.ts";

/**
 * A saved thread as chat messages: per entry, the question as a user message and the answer as an
 * assistant message whose id is the entry id (so "Regenerate" replaces that entry).
 */
export function entriesToMessages(entries: readonly ThreadEntry[]): AnswerUIMessage[] {
  const messages: AnswerUIMessage[] = [];
  for (const entry of entries) {
    const { results } = entry;
    // The files the question was asked with: their chips come back, and Regenerate sends them.
    const attachments = results.attachments ?? [];
    messages.push({
      id: `${entry.id}-q`,
      role: "user",
      parts: [
        ...(attachments.length > 0
          ? [{ type: "data-attachments" as const, data: attachments }]
          : []),
        { type: "text", text: entry.query },
      ],
    });
    const parts: AnswerUIMessage["parts"] = (results.unread ?? []).map((unread) => ({
      type: "data-status" as const,
      data: { state: "unread" as const, ...unread },
    }));
    for (const [index, source] of results.sources.entries()) {
      parts.push({
        type: "source-url",
        sourceId: String(index + 1),
        url: source.url,
        title: source.title,
      });
    }
    parts.push({ type: "data-sources", data: results.sources });
    parts.push({ type: "data-images", data: results.images });
    parts.push({ type: "data-videos", data: results.videos });
    if (results.thinking.trim() !== "") {
      parts.push({ type: "reasoning", text: results.thinking, state: "done" });
    }
    parts.push({ type: "text", text: results.markdown, state: "done" });
    if (results.related && results.related.length > 0) {
      parts.push({ type: "data-related", data: results.related });
    }
    messages.push({
      id: entry.id,
      role: "assistant",
      metadata: {
        entryId: entry.id,
        threadId: entry.threadId,
        model: results.model ?? "",
        offline: results.offline ?? false,
        focusMode: entry.focusMode,
        ...(results.stopped ? { stopped: true } : {}),
        ...(entry.versions && entry.versions.length > 0 ? { versions: entry.versions } : {}),
      },
      parts,
    });
  }
  return messages;
}

/**
 * An earlier version of an answer as a turn of its own (its question and answer messages), drawn
 * read-only by the answer turn's version pager.
 */
export function versionMessages(
  entry: Pick<ThreadEntry, "id" | "threadId" | "focusMode">,
  version: ThreadEntryVersion,
  index: number,
): AnswerUIMessage[] {
  return entriesToMessages([
    {
      id: `${entry.id}-v${index + 1}`,
      threadId: entry.threadId,
      focusMode: entry.focusMode,
      timestamp: version.timestamp,
      query: version.query,
      results: version.results,
      isBookmarked: false,
    },
  ]);
}
