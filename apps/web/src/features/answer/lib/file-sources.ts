import { type AnswerSource, citedFileId, MISSING_FILES_MAX } from "@nexus/contracts";

/** What the page shows of a source whose file (one of the person's files) was deleted. */
export const FILE_DELETED_LABEL = "File deleted";

/**
 * A source as a turn shows it: `fileDeleted` when it cites a file of the person that no longer
 * exists; such a source has no link any more (its download would be a 404).
 */
export type ShownSource = AnswerSource & { fileDeleted?: boolean };

/** The ids of the person's files that these sources cite (each once; at most one lookup's worth). */
export function citedFileIds(sources: readonly AnswerSource[]): string[] {
  const ids = new Set<string>();
  for (const source of sources) {
    const id = citedFileId(source.url);
    if (id) ids.add(id);
  }
  return [...ids].sort().slice(0, MISSING_FILES_MAX);
}

/**
 * The sources with each one citing a missing file marked deleted and unlinked; the same array
 * when none is missing. Text, titles and numbering stay as the answer had them.
 */
export function markDeletedFiles(
  sources: readonly AnswerSource[],
  missing: readonly string[],
): readonly ShownSource[] {
  if (missing.length === 0) return sources;
  const gone = new Set(missing.map((id) => id.toLowerCase()));
  return sources.map((source) => {
    const id = citedFileId(source.url);
    return id && gone.has(id) ? { ...source, url: "", fileDeleted: true } : source;
  });
}
