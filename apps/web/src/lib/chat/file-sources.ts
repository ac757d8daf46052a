import { type AnswerSource, citedFileId, MISSING_FILES_MAX } from "@nexus/contracts";

/**
 * A source as a turn shows it: `fileDeleted` when it cites a file of the person that no longer
 * exists, `filePrivate` when it cites the author's file on a share page; neither has a link (its
 * download would be a 404).
 */
export type ShownSource = AnswerSource & { fileDeleted?: boolean; filePrivate?: boolean };

/** A source shown without a link: a deleted file, or the author's file on a share page. */
export function isUnlinkedFile(source: Pick<ShownSource, "fileDeleted" | "filePrivate">): boolean {
  return source.fileDeleted === true || source.filePrivate === true;
}

/**
 * A share page's sources: those citing the author's files keep their title ("name, p. N") and
 * snippet but lose their download link, which only the author can open.
 */
export function privateFiles(sources: readonly AnswerSource[]): readonly ShownSource[] {
  if (!sources.some((source) => citedFileId(source.url) || source.private)) return sources;
  return sources.map((source) =>
    citedFileId(source.url) || source.private ? { ...source, url: "", filePrivate: true } : source,
  );
}

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
 * The sources with each one citing a missing file marked deleted and unlinked, and each passage
 * of someone else's file (a thread copied from a share) marked private; the same array when there
 * are neither. Text, titles and numbering stay as the answer had them.
 */
export function markDeletedFiles(
  sources: readonly AnswerSource[],
  missing: readonly string[],
): readonly ShownSource[] {
  if (missing.length === 0 && !sources.some((source) => source.private)) return sources;
  const gone = new Set(missing.map((id) => id.toLowerCase()));
  return sources.map((source) => {
    if (source.private) return { ...source, url: "", filePrivate: true };
    const id = citedFileId(source.url);
    return id && gone.has(id) ? { ...source, url: "", fileDeleted: true } : source;
  });
}
