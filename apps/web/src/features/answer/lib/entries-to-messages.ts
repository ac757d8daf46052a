import { storedTurnToMessages, type ThreadEntry, type ThreadEntryVersion } from "@nexus/contracts";
import type { AnswerUIMessage } from "./answer-message.ts";

/**
 * A saved thread as chat messages (contracts' storedTurnToMessages): per entry, the question as a
 * user message and the answer as an assistant message whose id is the entry id (so "Regenerate"
 * replaces that entry).
 */
export function entriesToMessages(entries: readonly ThreadEntry[]): AnswerUIMessage[] {
  return entries.flatMap(
    (entry) =>
      // The stored parts are the answer stream's own (contracts' stored-turn.ts).
      storedTurnToMessages({
        shape: "answer",
        id: entry.id,
        threadId: entry.threadId,
        query: entry.query,
        focusMode: entry.focusMode,
        parts: entry.parts,
        results: entry.results,
        ...(entry.versions ? { versions: entry.versions } : {}),
      }) as AnswerUIMessage[],
  );
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
      ...(version.parts ? { parts: version.parts } : {}),
      isBookmarked: false,
    },
  ]);
}
